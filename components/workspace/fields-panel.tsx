'use client';

import { useTranslations } from 'next-intl';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TFieldType } from '@/lib/api/v1/enums';
import { FieldPalette } from './field-palette';
import { FieldSettings, INPUT, LABEL, SMALL_BUTTON } from './field-settings';
import type { TPagePoint } from './page-point';
import { useWorkspace } from './use-workspace-state';

type Props = {
  onPlace: (type: TFieldType) => void;
  onDrop: (type: TFieldType, at: TPagePoint) => void;
  onDuplicate: (key: string) => void;
  errorsOf: (key: string) => string[];
};

/** Whom new fields are for, the palette, the legend of colours, and the selected field's settings. */
export function FieldsPanel({ onPlace, onDrop, onDuplicate, errorsOf }: Props) {
  const t = useTranslations('workspace');
  const {
    recipients,
    activeRecipient,
    setActiveRecipient,
    colorOf,
    fields,
    selectedKey,
    setSelectedKey,
    dispatchFields,
    canUndo,
  } = useWorkspace();
  const selected = fields.find((field) => field.key === selectedKey);
  return (
    <section aria-labelledby="fields-title" className="space-y-3">
      <div className="flex items-center justify-between gap-2">
        <h2 id="fields-title" data-panel-heading="" className="font-semibold">
          {t('fields')}
        </h2>
        <button
          type="button"
          disabled={!canUndo}
          onClick={() => dispatchFields({ type: 'undo' })}
          className={`ml-auto ${SMALL_BUTTON}`}
          aria-keyshortcuts="Control+Z Meta+Z"
        >
          {t('undo')}
        </button>
      </div>
      {recipients.length === 0 ? (
        <p className="rounded-md bg-warning-50 p-2 text-sm text-warning-900 dark:bg-warning-950 dark:text-warning-100">
          {t('addRecipientFirst')}
        </p>
      ) : (
        <div>
          <label htmlFor="active-recipient" className={LABEL}>
            {t('placingFor')}
          </label>
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="mt-1 h-3 w-3 shrink-0 rounded-full"
              style={{ backgroundColor: activeRecipient ? colorOf(activeRecipient) : 'transparent' }}
            />
            <select
              id="active-recipient"
              value={activeRecipient ?? ''}
              onChange={(event) => setActiveRecipient(event.target.value)}
              className={INPUT}
            >
              {recipients.map((recipient) => (
                <option key={recipient.key} value={recipient.key}>
                  {recipient.name || recipient.email || t('unnamed')}
                </option>
              ))}
            </select>
          </div>
        </div>
      )}
      <FieldPalette disabled={!activeRecipient} onPlace={onPlace} onDrop={onDrop} />
      {/* Keyboard tips are no use to a finger: hidden where the main pointer is coarse (a phone or tablet). */}
      <p className="text-xs text-ink-muted pointer-coarse:hidden">{t('keyboardHint')}</p>
      {selected ? (
        <FieldSettings
          field={selected}
          errors={errorsOf(selected.key)}
          onDuplicate={() => onDuplicate(selected.key)}
          onDelete={() => {
            dispatchFields({ type: 'remove', key: selected.key });
            setSelectedKey(null);
          }}
        />
      ) : null}
    </section>
  );
}

/** Who each colour stands for, above the pages. */
export function RecipientLegend() {
  const t = useTranslations('workspace');
  const { recipients, colorOf, fields } = useWorkspace();
  if (recipients.length === 0) return null;
  return (
    <ul aria-label={t('legend')} className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
      {recipients.map((recipient) => (
        <li key={recipient.key} className="flex max-w-full min-w-0 items-center gap-1.5">
          <span
            aria-hidden="true"
            className="h-3 w-3 shrink-0 rounded-full"
            style={{ backgroundColor: colorOf(recipient.key) }}
          />
          <TruncatedName text={recipient.name || recipient.email || t('unnamed')} />
          <span className="shrink-0 text-ink-muted">
            ({t('fieldCount', { count: fields.filter((field) => field.recipientKey === recipient.key).length })})
          </span>
        </li>
      ))}
    </ul>
  );
}
