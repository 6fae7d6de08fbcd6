'use client';

import { useTranslations } from 'next-intl';
import { useId, type ReactNode } from 'react';
import { dateFormats } from '@/lib/api/v1/enums';
import type { TDraftField } from '@/lib/workspace/draft-types';
import { FieldIcon } from './field-icon';
import { useWorkspace } from './use-workspace-state';

// min-w-0: a select is as wide as its longest option (a recipient's name) unless told it may shrink.
export const INPUT =
  'mt-1 block w-full min-w-0 rounded-md border border-surface-border bg-surface px-2 py-1.5 text-sm text-ink';
export const LABEL = 'block text-sm font-medium';
export const SMALL_BUTTON =
  'rounded-md border border-surface-border px-2.5 py-1.5 text-sm font-medium hover:bg-surface-sunken disabled:opacity-60';

function Labelled({ label, children }: { label: string; children: (id: string) => ReactNode }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className={LABEL}>
        {label}
      </label>
      {children(id)}
    </div>
  );
}

const numberOrUndefined = (value: string) =>
  value.trim() === '' || Number.isNaN(Number(value)) ? undefined : Number(value);

/** The selected field's settings: recipient, required, and what its type takes. */
export function FieldSettings({
  field,
  errors,
  onDuplicate,
  onDelete,
}: {
  field: TDraftField;
  errors: string[];
  onDuplicate: () => void;
  onDelete: () => void;
}) {
  const t = useTranslations('workspace');
  const { recipients, dispatchFields, colorOf } = useWorkspace();
  const update = (patch: Partial<TDraftField>, tag?: string) =>
    dispatchFields({ type: 'update', key: field.key, patch, tag: tag && `${field.key}:${tag}` });
  return (
    <section aria-labelledby="field-settings-title" className="space-y-3 rounded-lg border border-surface-border p-3">
      <h3 id="field-settings-title" className="flex items-center gap-2 font-semibold">
        <FieldIcon type={field.type} />
        {t('settingsOf', { type: t(`types.${field.type}`) })}
      </h3>
      {errors.length ? <p className="text-sm text-danger-700 dark:text-danger-300">{errors.join(' ')}</p> : null}
      <Labelled label={t('assignTo')}>
        {(id) => (
          <div className="flex items-center gap-2">
            <span
              aria-hidden="true"
              className="mt-1 h-3 w-3 shrink-0 rounded-full"
              style={{ backgroundColor: colorOf(field.recipientKey) }}
            />
            <select
              id={id}
              value={field.recipientKey}
              onChange={(event) => update({ recipientKey: event.target.value })}
              className={INPUT}
            >
              {recipients.map((recipient) => (
                <option key={recipient.key} value={recipient.key}>
                  {recipient.name || recipient.email || t('unnamed')}
                </option>
              ))}
            </select>
          </div>
        )}
      </Labelled>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={field.required}
          onChange={(event) => update({ required: event.target.checked })}
          className="h-4 w-4 accent-primary-700"
        />
        {t('required')}
      </label>
      {field.type === 'text' || field.type === 'number' || field.type === 'dropdown' || field.type === 'attachment' ? (
        <Labelled label={t('label')}>
          {(id) => (
            <input
              id={id}
              value={field.label ?? ''}
              maxLength={200}
              onChange={(event) => update({ label: event.target.value || undefined }, 'label')}
              className={INPUT}
            />
          )}
        </Labelled>
      ) : null}
      {field.type === 'text' ? (
        <Labelled label={t('placeholder')}>
          {(id) => (
            <input
              id={id}
              value={field.placeholder ?? ''}
              maxLength={200}
              onChange={(event) => update({ placeholder: event.target.value || undefined }, 'placeholder')}
              className={INPUT}
            />
          )}
        </Labelled>
      ) : null}
      {field.type === 'number' ? (
        <div className="grid grid-cols-2 gap-2">
          <Labelled label={t('min')}>
            {(id) => (
              <input
                id={id}
                type="number"
                value={field.min ?? ''}
                onChange={(event) => update({ min: numberOrUndefined(event.target.value) }, 'min')}
                className={INPUT}
              />
            )}
          </Labelled>
          <Labelled label={t('max')}>
            {(id) => (
              <input
                id={id}
                type="number"
                value={field.max ?? ''}
                onChange={(event) => update({ max: numberOrUndefined(event.target.value) }, 'max')}
                className={INPUT}
              />
            )}
          </Labelled>
        </div>
      ) : null}
      {field.type === 'date' ? (
        <Labelled label={t('dateFormat')}>
          {(id) => (
            <select
              id={id}
              value={field.dateFormat ?? dateFormats[0]}
              onChange={(event) => update({ dateFormat: event.target.value as TDraftField['dateFormat'] })}
              className={INPUT}
            >
              {dateFormats.map((format) => (
                <option key={format} value={format}>
                  {format}
                </option>
              ))}
            </select>
          )}
        </Labelled>
      ) : null}
      {field.type === 'radio' || field.type === 'dropdown' ? (
        <Labelled label={t('options')}>
          {(id) => (
            <>
              <textarea
                id={id}
                rows={4}
                aria-describedby={`${id}-hint`}
                value={(field.options ?? []).join('\n')}
                onChange={(event) => update({ options: event.target.value.split('\n') }, 'options')}
                onBlur={(event) =>
                  update({
                    options: event.target.value
                      .split('\n')
                      .map((option) => option.trim())
                      .filter(Boolean),
                  })
                }
                className={INPUT}
              />
              <p id={`${id}-hint`} className="mt-1 text-xs text-ink-muted">
                {t('optionsHint')}
              </p>
            </>
          )}
        </Labelled>
      ) : null}
      <div className="flex flex-wrap gap-2 pt-1">
        <button type="button" onClick={onDuplicate} className={SMALL_BUTTON}>
          {t('duplicate')}
        </button>
        <button type="button" onClick={onDelete} className={`${SMALL_BUTTON} text-danger-700 dark:text-danger-300`}>
          {t('delete')}
        </button>
      </div>
    </section>
  );
}
