'use client';

import { useTranslations } from 'next-intl';
import { FieldIcon } from '@/components/workspace/field-icon';
import type { TPageOverlayInfo } from '@/components/viewer/types';
import type { TField } from '@/lib/api/v1/fields';
import type { TOtherField } from '@/lib/api/v1/signing-session';
import { isAutomatic, isFilled } from '@/lib/signing/signing-steps';

type Props = {
  page: TPageOverlayInfo;
  /** This signer's fields on the page, each with its place in the guide (-1: not visited, a date). */
  fields: { field: TField; step: number }[];
  others: TOtherField[];
  values: Record<string, string | null>;
  activeId: string | null;
  total: number;
  onActivate: (field: TField) => void;
};

const box = (field: { x: number; y: number; width: number; height: number }, scale: number) => ({
  left: field.x * scale,
  top: field.y * scale,
  width: field.width * scale,
  height: field.height * scale,
});

/** What a filled field shows on the page: its value, a tick, or that it is signed. */
function shown(field: TField, value: string | null, t: (key: string) => string): string {
  if (field.type === 'signature' || field.type === 'initials')
    return value ? t('field.signed') : t(field.type === 'signature' ? 'field.signHere' : 'field.initialHere');
  if (isAutomatic(field)) return t('field.dateShort');
  if (field.type === 'checkbox') return value === 'true' ? '✓' : '';
  if (field.type === 'attachment') return value ? t('field.attached') : field.label || t('types.attachment');
  return value || field.label || field.placeholder || t(`types.${field.type}`);
}

/**
 * Over one page of the viewer: the signer's own fields, highlighted (the
 * active one strongest, filled ones green, empty ones amber), each a button
 * that makes it the guide's field; everyone else's fields as quiet dashed
 * boxes that say nothing of whose they are.
 */
export function SigningOverlay({ page, fields, others, values, activeId, total, onActivate }: Props) {
  const t = useTranslations('signing');
  return (
    <div className="absolute inset-0" data-signing-layer={page.pageNumber}>
      {others.map((other, index) => (
        <div
          key={`other-${index}`}
          aria-hidden="true"
          data-other-field=""
          style={box(other, page.scale)}
          className="absolute flex items-center justify-center rounded-sm border border-dashed border-ink-muted/40 bg-surface-sunken/40 text-ink-muted/60"
        >
          <FieldIcon type={other.type} className="h-3 w-3" />
        </div>
      ))}
      {fields.map(({ field, step }) => {
        const value = values[field.id] ?? null;
        const filled = isAutomatic(field) || isFilled(field, value);
        const active = field.id === activeId;
        const name = field.label || t(`types.${field.type}`);
        const tone = active
          ? 'border-primary-700 bg-primary-100/80 ring-2 ring-primary-600 ring-offset-1 dark:border-primary-300 dark:bg-primary-950/80'
          : filled
            ? 'border-success-700 bg-success-50/80 dark:border-success-400 dark:bg-success-950/70'
            : 'border-warning-700 bg-warning-50/85 dark:border-warning-400 dark:bg-warning-950/70';
        return (
          <button
            key={field.id}
            type="button"
            data-signing-field={field.id}
            data-field-type={field.type}
            data-active={active || undefined}
            data-filled={filled || undefined}
            aria-current={active ? 'step' : undefined}
            aria-label={
              step < 0
                ? t('field.autoAria', { label: name })
                : t('field.aria', {
                    label: name,
                    index: step + 1,
                    total,
                    state: t(
                      filled ? 'field.stateFilled' : field.required ? 'field.stateRequired' : 'field.stateOptional',
                    ),
                  })
            }
            onClick={() => onActivate(field)}
            style={box(field, page.scale)}
            className={`absolute flex items-center overflow-hidden rounded-sm border-2 px-1 text-left text-ink transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary-600 ${tone}`}
          >
            {(field.type === 'signature' || field.type === 'initials') && value?.startsWith('data:image/') ? (
              // eslint-disable-next-line @next/next/no-img-element -- the server's own data URL of the signature
              <img src={value} alt="" className="h-full w-full object-contain" />
            ) : (
              <span
                className="truncate leading-none"
                style={{ fontSize: Math.max(8, Math.min(14, field.height * page.scale * 0.55)) }}
              >
                {shown(field, value, t)}
              </span>
            )}
          </button>
        );
      })}
    </div>
  );
}
