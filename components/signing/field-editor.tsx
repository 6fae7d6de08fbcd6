'use client';

import { useTranslations } from 'next-intl';
import { useEffect, useRef, type KeyboardEvent } from 'react';
import type { TField } from '@/lib/api/v1/fields';

type Props = {
  field: TField;
  value: string | null;
  error: string | undefined;
  busy: boolean;
  /** Changes when the guide moves to a field: the input takes the focus then (not on the page's first render). */
  focusTick: number;
  onChange: (value: string | null) => void;
  /** Saves now (a choice, a checkbox, leaving a text input). */
  onCommit: (value?: string | null) => void;
  onUpload: (file: File) => void;
  /** Opens the signature capture dialog for a signature or initials field. */
  onSign: () => void;
  onEnter: () => void;
};

const INPUT = 'mt-1 block w-full rounded-lg border border-surface-border bg-surface px-3 py-2 text-base text-ink';

/** The active field's input, large enough for a thumb, whatever the field's size on the page. */
export function FieldEditor({
  field,
  value,
  error,
  busy,
  focusTick,
  onChange,
  onCommit,
  onUpload,
  onSign,
  onEnter,
}: Props) {
  const t = useTranslations('signing');
  const capture = useTranslations('signatureCapture');
  const input = useRef<HTMLElement | null>(null);
  useEffect(() => {
    // 0 is the page's first render: the signer's focus stays where the browser put it until they move.
    if (focusTick > 0) input.current?.focus({ preventScroll: true });
  }, [focusTick]);
  const label = field.label || t(`types.${field.type}`);
  const id = `signing-input-${field.id}`;
  const described = error ? `${id}-error` : undefined;
  const common = {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': described,
    'aria-required': field.required,
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onEnter();
    }
  };
  const errorLine = error ? (
    <p id={described} className="mt-1 text-sm text-danger-700 dark:text-danger-300">
      {error}
    </p>
  ) : null;
  const heading = (
    <span className="flex items-baseline justify-between gap-2">
      <span className="font-medium">{label}</span>
      <span className="text-xs text-ink-muted">{field.required ? t('guide.required') : t('guide.optional')}</span>
    </span>
  );

  switch (field.type) {
    case 'date':
      return (
        <p className="text-sm">
          {heading}
          <span className="mt-1 block text-ink-muted">{t('field.dateAuto')}</span>
        </p>
      );
    case 'signature':
    case 'initials':
      // The signature capture dialog (components/signing/signature-capture-dialog.tsx) opens from the button.
      return (
        <div className="text-sm" data-signature-editor={field.id}>
          {heading}
          {value?.startsWith('data:image/') ? (
            <span className="mt-2 flex h-20 items-center justify-center rounded-lg border border-surface-border bg-white p-1">
              {/* eslint-disable-next-line @next/next/no-img-element -- the server's own data URL of the signature */}
              <img src={value} alt={capture('signedPreview')} className="max-h-full max-w-full object-contain" />
            </span>
          ) : null}
          <button
            id={id}
            aria-describedby={described}
            ref={(element) => {
              input.current = element;
            }}
            type="button"
            disabled={busy}
            onClick={onSign}
            className="mt-2 w-full rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60"
            data-signature-open={field.id}
          >
            {value ? capture('change') : capture(field.type === 'signature' ? 'openSignature' : 'openInitials')}
          </button>
          {errorLine}
        </div>
      );
    case 'checkbox':
      return (
        <div>
          <label htmlFor={id} className="flex items-center gap-3 text-sm">
            <input
              {...common}
              ref={(element) => {
                input.current = element;
              }}
              type="checkbox"
              className="h-6 w-6 rounded border-surface-border"
              checked={value === 'true'}
              disabled={busy}
              onChange={(event) => onCommit(event.target.checked ? 'true' : 'false')}
            />
            <span className="font-medium">{field.label || t('field.checkLabel')}</span>
          </label>
          {errorLine}
        </div>
      );
    case 'radio':
      return (
        <fieldset aria-describedby={described}>
          <legend className="w-full text-sm">{heading}</legend>
          <div className="mt-1 space-y-1">
            {(field.options ?? []).map((option, index) => (
              <label key={option} className="flex items-center gap-3 rounded-lg px-1 py-1.5 text-base">
                <input
                  ref={
                    index === 0
                      ? (element) => {
                          input.current = element;
                        }
                      : undefined
                  }
                  type="radio"
                  name={id}
                  className="h-5 w-5"
                  checked={value === option}
                  disabled={busy}
                  onChange={() => onCommit(option)}
                />
                {option}
              </label>
            ))}
          </div>
          {errorLine}
        </fieldset>
      );
    case 'dropdown':
      return (
        <div>
          <label htmlFor={id} className="block text-sm">
            {heading}
          </label>
          <select
            {...common}
            ref={(element) => {
              input.current = element;
            }}
            className={INPUT}
            value={value ?? ''}
            disabled={busy}
            onChange={(event) => onCommit(event.target.value || null)}
          >
            <option value="">{t('field.choose')}</option>
            {(field.options ?? []).map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
          {errorLine}
        </div>
      );
    case 'attachment':
      return (
        <div>
          <label htmlFor={id} className="block text-sm">
            {heading}
          </label>
          <input
            {...common}
            ref={(element) => {
              input.current = element;
            }}
            type="file"
            // What the server takes (by content, whatever the name): the picker offers these first.
            accept="application/pdf,image/png,image/jpeg,.pdf,.png,.jpg,.jpeg"
            className={`${INPUT} file:mr-3 file:rounded-md file:border-0 file:bg-surface-sunken file:px-3 file:py-1 file:text-ink`}
            disabled={busy}
            onChange={(event) => {
              const file = event.target.files?.[0];
              if (file) onUpload(file);
            }}
          />
          {value ? <p className="mt-1 text-sm text-success-800 dark:text-success-300">{t('field.attached')}</p> : null}
          {errorLine}
        </div>
      );
    default: {
      const number = field.type === 'number';
      const range =
        number && field.min !== undefined && field.max !== undefined
          ? t('field.range', { min: field.min, max: field.max })
          : null;
      return (
        <div>
          <label htmlFor={id} className="block text-sm">
            {heading}
          </label>
          <input
            {...common}
            ref={(element) => {
              input.current = element;
            }}
            type={number ? 'number' : field.type === 'email' ? 'email' : 'text'}
            inputMode={number ? 'decimal' : undefined}
            autoComplete={field.type === 'name' ? 'name' : field.type === 'email' ? 'email' : 'off'}
            min={field.min}
            max={field.max}
            placeholder={field.placeholder}
            className={INPUT}
            value={value ?? ''}
            onChange={(event) => onChange(event.target.value)}
            onBlur={() => onCommit()}
            onKeyDown={onKeyDown}
          />
          {range ? <p className="mt-1 text-xs text-ink-muted">{range}</p> : null}
          {errorLine}
        </div>
      );
    }
  }
}
