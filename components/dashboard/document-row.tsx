'use client';

import { useFormatter, useNow, useTranslations } from 'next-intl';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';
import { DocumentActions, type TRowAction } from './document-actions';
import { DocumentOutcome } from './document-outcome';
import { StatusBadge } from './status-badge';

/** Column widths shared by the header row and each document row from the lg breakpoint. */
export const ROW_GRID =
  'lg:grid lg:grid-cols-[minmax(0,2.2fr)_11rem_minmax(0,1.6fr)_8rem_7.5rem_2.5rem] lg:items-center lg:gap-4';

const CELL_LABEL = 'text-xs font-semibold uppercase tracking-wide text-ink-muted lg:sr-only';

/**
 * One document: a row of the list from the lg breakpoint, a card below it.
 * Each cell carries its label, visible on the card and read out on the row.
 */
export function DocumentRow({
  document,
  href,
  onAction,
  retrying = false,
  sender = null,
}: {
  document: TDocumentSummary;
  href: string;
  onAction: (action: TRowAction) => void;
  retrying?: boolean;
  /** In a team, who sent each document is shown; `me` is the viewer's address ("Sent by you"). */
  sender?: { me: string } | null;
}) {
  const t = useTranslations('dashboard');
  const format = useFormatter();
  // Dates in the viewer's time zone, not the server's.
  const dateTime = useLocalDateTime();
  const now = useNow({ updateInterval: 60_000 });
  const awaiting = document.awaiting;
  return (
    <li
      data-document={document.id}
      className={`relative rounded-xl border border-surface-border bg-surface-raised p-4 lg:rounded-none lg:border-0 lg:border-t lg:bg-transparent lg:px-4 lg:py-3 lg:first:border-t-0 ${ROW_GRID}`}
    >
      <div className="min-w-0 pr-12 lg:pr-0">
        <a href={href} className="block font-semibold text-primary-700 hover:underline dark:text-primary-300">
          <TruncatedName text={document.name} lines={2} />
        </a>
        {sender ? (
          <TruncatedName
            as="p"
            data-sent-by={document.owner.email}
            className="mt-0.5 text-sm text-ink-muted"
            text={
              document.owner.email === sender.me
                ? t('sentByYou')
                : t('sentBy', { name: document.owner.name?.trim() || document.owner.email })
            }
          />
        ) : null}
        <DocumentOutcome document={document} onRetry={() => onAction('retry-seal')} retrying={retrying} />
      </div>
      <div className="mt-2 lg:mt-0">
        <span className={CELL_LABEL}>{t('columns.status')}: </span>
        <StatusBadge status={document.status} label={t(`statuses.${document.status}`)} />
      </div>
      <div className="mt-2 min-w-0 text-sm lg:mt-0">
        <span className={CELL_LABEL}>{t('columns.awaiting')}: </span>
        {awaiting.length === 0 ? (
          <span className="text-ink-muted">{t('awaitingNobody')}</span>
        ) : (
          <span
            className="flex min-w-0 items-baseline gap-1"
            title={awaiting.map((recipient) => recipient.email).join(', ')}
          >
            <TruncatedName text={awaiting[0]?.name || awaiting[0]?.email || ''} />
            {awaiting.length > 1 ? (
              <span className="shrink-0 text-ink-muted">{t('awaitingMore', { count: awaiting.length - 1 })}</span>
            ) : null}
          </span>
        )}
      </div>
      <div className="mt-1 text-sm lg:mt-0">
        <span className={CELL_LABEL}>{t('columns.lastActivity')}: </span>
        <time
          dateTime={document.updatedAt}
          title={dateTime(document.updatedAt, { dateStyle: 'medium', timeStyle: 'short' })}
        >
          {format.relativeTime(new Date(document.updatedAt), now)}
        </time>
      </div>
      <div className="mt-1 text-sm lg:mt-0">
        <span className={CELL_LABEL}>{t('columns.created')}: </span>
        <time dateTime={document.createdAt}>{dateTime(document.createdAt, { dateStyle: 'medium' })}</time>
      </div>
      <div className="absolute top-3 right-3 lg:static">
        <DocumentActions document={document} href={href} onAction={onAction} />
      </div>
    </li>
  );
}
