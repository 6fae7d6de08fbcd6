'use client';

import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import { getPathname } from '@/lib/i18n/navigation';
import { DashboardFilters } from './dashboard-filters';
import { DocumentRow, ROW_GRID } from './document-row';
import { toastProblem } from './problem-toast';
import { useDashboardFilters } from './use-dashboard-filters';
import { useDocumentList } from './use-documents';
import { useRowActions } from './use-row-actions';

/**
 * The current workspace's documents (GET /api/v1/documents): search, status filter,
 * "Load more" pages, and per-row actions. `empty` is the upload call to
 * action the server renders for an owner with no documents at all.
 */
export function DocumentsDashboard({
  empty,
  sender = null,
}: {
  empty: ReactNode;
  /** In a team: each row says which member sent it (`me`: the viewer's address). */
  sender?: { me: string } | null;
}) {
  const t = useTranslations('dashboard');
  const locale = useLocale();
  const { text, setText, filters, setStatus, clear } = useDashboardFilters();
  const list = useDocumentList(filters);
  const actions = useRowActions();
  const documents = list.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = Boolean(filters.q || filters.status);
  // The summary's url is absolute (API clients open it); the UI keeps the reader's language.
  const hrefOf = (document: TDocumentSummary) => getPathname({ href: new URL(document.url).pathname, locale });

  if (list.isSuccess && documents.length === 0 && !filtered && !text) return <>{empty}</>;

  return (
    <>
      <DashboardFilters text={text} onText={setText} status={filters.status} onStatus={setStatus} />
      <div aria-live="polite" className="sr-only">
        {list.isSuccess ? t('count', { count: documents.length, more: list.hasNextPage ? 'yes' : 'no' }) : ''}
      </div>
      {list.isPending ? <p className="py-8 text-center text-ink-muted">{t('loading')}</p> : null}
      {list.isError && !list.data ? (
        <div
          role="alert"
          className="rounded-xl border border-danger-200 bg-danger-50 p-5 text-danger-800 dark:border-danger-800 dark:bg-danger-950 dark:text-danger-200"
        >
          <p className="font-semibold">{t('loadFailed')}</p>
          <button
            type="button"
            onClick={() => void list.refetch()}
            className="mt-3 rounded-lg border border-current px-4 py-2 font-semibold"
          >
            {t('retry')}
          </button>
        </div>
      ) : null}
      {list.isSuccess && documents.length === 0 ? (
        <div className="rounded-xl border border-surface-border bg-surface-raised p-6 text-center">
          <p className="font-semibold">{t('noMatch')}</p>
          <p className="mt-1 text-ink-muted">{t('noMatchLead')}</p>
          <button
            type="button"
            onClick={clear}
            className="mt-4 rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
          >
            {t('clearFilters')}
          </button>
        </div>
      ) : null}
      {documents.length > 0 ? (
        <div className={list.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined}>
          <div
            aria-hidden="true"
            className={`hidden px-4 pb-2 text-xs font-semibold tracking-wide text-ink-muted uppercase ${ROW_GRID}`}
          >
            <span>{t('columns.name')}</span>
            <span>{t('columns.status')}</span>
            <span>{t('columns.awaiting')}</span>
            <span>{t('columns.lastActivity')}</span>
            <span>{t('columns.created')}</span>
            <span />
          </div>
          <ul
            aria-label={t('listLabel')}
            className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:block lg:rounded-xl lg:border lg:border-surface-border lg:bg-surface-raised"
          >
            {documents.map((document) => (
              <DocumentRow
                key={document.id}
                document={document}
                href={hrefOf(document)}
                onAction={(action) => actions.run(action, document)}
                retrying={actions.retrying === document.id}
                sender={sender}
              />
            ))}
          </ul>
        </div>
      ) : null}
      {list.hasNextPage ? (
        <div className="mt-6 text-center">
          <button
            type="button"
            onClick={() =>
              void list
                .fetchNextPage()
                .then(
                  (result) => result.isError && toastProblem(t('loadMoreFailed'), result.error, t('toasts.offline')),
                )
            }
            disabled={list.isFetchingNextPage}
            className="rounded-lg border border-surface-border bg-surface-raised px-5 py-2.5 font-semibold hover:bg-surface-sunken disabled:opacity-60"
          >
            {list.isFetchingNextPage ? t('loading') : t('loadMore')}
          </button>
        </div>
      ) : null}
      {actions.dialog}
    </>
  );
}
