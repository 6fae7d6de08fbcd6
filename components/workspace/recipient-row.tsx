'use client';

import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { useTranslations } from 'next-intl';
import { recipientAuths, recipientRoles } from '@/lib/api/v1/enums';
import type { TDraftRecipient } from '@/lib/workspace/draft-types';
import { INPUT, SMALL_BUTTON } from './field-settings';

type Props = {
  recipient: TDraftRecipient;
  index: number;
  count: number;
  color: string;
  errors: string[];
  onChange: (patch: Partial<TDraftRecipient>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
};

/** One recipient: name, email, role and sign-in check, its colour, and its place in the signing order. */
export function RecipientRow({ recipient, index, count, color, errors, onChange, onMove, onRemove }: Props) {
  const t = useTranslations('workspace');
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id: recipient.key,
  });
  const id = `recipient-${recipient.key}`;
  const who = recipient.name || recipient.email || t('unnamed');
  return (
    <li
      ref={setNodeRef}
      data-recipient-key={recipient.key}
      aria-labelledby={`${id}-title`}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-lg border bg-surface p-3 ${errors.length ? 'border-danger-700' : 'border-surface-border'} ${isDragging ? 'relative z-10 shadow-lg' : ''}`}
    >
      <div className="flex items-center gap-2">
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={t('dragRecipient', { name: who })}
          className="cursor-grab touch-none rounded p-1 text-ink-muted hover:bg-surface-sunken"
        >
          <svg viewBox="0 0 24 24" aria-hidden="true" className="h-4 w-4" fill="currentColor">
            <circle cx="9" cy="6" r="1.6" />
            <circle cx="15" cy="6" r="1.6" />
            <circle cx="9" cy="12" r="1.6" />
            <circle cx="15" cy="12" r="1.6" />
            <circle cx="9" cy="18" r="1.6" />
            <circle cx="15" cy="18" r="1.6" />
          </svg>
        </button>
        <span aria-hidden="true" className="h-3 w-3 shrink-0 rounded-full" style={{ backgroundColor: color }} />
        <h3 id={`${id}-title`} className="min-w-0 flex-1 truncate text-sm font-semibold">
          {index + 1}. {who}
        </h3>
        <button
          type="button"
          onClick={() => onMove(index - 1)}
          disabled={index === 0}
          aria-label={t('moveUp', { name: who })}
          className="rounded p-1 hover:bg-surface-sunken disabled:opacity-40"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 15l6-6 6 6" />
          </svg>
        </button>
        <button
          type="button"
          onClick={() => onMove(index + 1)}
          disabled={index === count - 1}
          aria-label={t('moveDown', { name: who })}
          className="rounded p-1 hover:bg-surface-sunken disabled:opacity-40"
        >
          <svg
            viewBox="0 0 24 24"
            aria-hidden="true"
            className="h-4 w-4"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
          >
            <path d="M6 9l6 6 6-6" />
          </svg>
        </button>
      </div>
      <div className="mt-2 grid gap-2">
        <div>
          <label htmlFor={`${id}-name`} className="text-xs font-medium">
            {t('name')}
          </label>
          <input
            id={`${id}-name`}
            value={recipient.name}
            maxLength={200}
            autoComplete="off"
            onChange={(event) => onChange({ name: event.target.value })}
            className={INPUT}
          />
        </div>
        <div>
          <label htmlFor={`${id}-email`} className="text-xs font-medium">
            {t('email')}
          </label>
          <input
            id={`${id}-email`}
            type="email"
            value={recipient.email}
            maxLength={254}
            autoComplete="off"
            onChange={(event) => onChange({ email: event.target.value })}
            className={INPUT}
          />
        </div>
        <div className="grid grid-cols-2 gap-2">
          <div>
            <label htmlFor={`${id}-role`} className="text-xs font-medium">
              {t('role')}
            </label>
            <select
              id={`${id}-role`}
              value={recipient.role}
              onChange={(event) => onChange({ role: event.target.value as TDraftRecipient['role'] })}
              className={INPUT}
            >
              {recipientRoles.map((role) => (
                <option key={role} value={role}>
                  {t(`roles.${role}`)}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${id}-auth`} className="text-xs font-medium">
              {t('auth')}
            </label>
            <select
              id={`${id}-auth`}
              value={recipient.auth}
              onChange={(event) => onChange({ auth: event.target.value as TDraftRecipient['auth'] })}
              className={INPUT}
            >
              {recipientAuths.map((auth) => (
                <option key={auth} value={auth}>
                  {t(`auths.${auth}`)}
                </option>
              ))}
            </select>
          </div>
        </div>
      </div>
      {errors.length ? (
        <p role="alert" className="mt-2 text-sm text-danger-700 dark:text-danger-300">
          {errors.join(' ')}
        </p>
      ) : null}
      <button type="button" onClick={onRemove} className={`${SMALL_BUTTON} mt-2 text-danger-700 dark:text-danger-300`}>
        {t('removeRecipient', { name: who })}
      </button>
    </li>
  );
}
