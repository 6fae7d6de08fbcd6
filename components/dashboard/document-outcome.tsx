'use client';

import { useTranslations } from 'next-intl';
import type { TDocumentSummary } from '@/lib/api/v1/documents';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';

const KINDS = ['original', 'sealed', 'certificate'] as const;

/** The owner's downloads of a document that exist now (retention deletes the original once sealed, the rest later). */
export function downloadHref(id: string, kind: (typeof KINDS)[number]): string {
  return `/api/v1/documents/${encodeURIComponent(id)}/download?kind=${kind}`;
}

/**
 * Under a document's name: for a completed one, when it was completed and
 * its downloads; for one whose seal failed, the error and a retry button.
 */
export function DocumentOutcome({
  document,
  onRetry,
  retrying,
}: {
  document: TDocumentSummary;
  onRetry: () => void;
  retrying: boolean;
}) {
  const t = useTranslations('dashboard.outcome');
  const dateTime = useLocalDateTime();
  if (document.status === 'sealing_failed') {
    return (
      <div className="mt-2 text-sm">
        <p className="break-words text-danger-800 dark:text-danger-200">
          {t('sealFailed', { error: document.sealError ?? '' })}
        </p>
        <button
          type="button"
          onClick={onRetry}
          disabled={retrying}
          className="mt-2 rounded-lg border border-danger-700 px-3 py-1.5 font-semibold text-danger-800 hover:bg-danger-50 disabled:opacity-60 dark:border-danger-300 dark:text-danger-200 dark:hover:bg-danger-950"
        >
          {retrying ? t('retrying') : t('retry')}
        </button>
      </div>
    );
  }
  const kinds = KINDS.filter((kind) => document.downloads[kind]);
  if (document.status !== 'completed' && kinds.length === 0) return null;
  return (
    <div className="mt-1 text-sm">
      {document.status === 'completed' && document.completedAt ? (
        <p className="text-ink-muted">
          {t('completedOn', { date: dateTime(document.completedAt, { dateStyle: 'medium', timeStyle: 'short' }) })}
        </p>
      ) : null}
      {document.status === 'completed' && kinds.length > 0 ? (
        <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1">
          <span className="sr-only">{t('downloads')}:</span>
          {kinds.map((kind) => (
            <a
              key={kind}
              href={downloadHref(document.id, kind)}
              download
              aria-label={t('downloadLabel', { kind: t(`kinds.${kind}`), name: document.name })}
              className="font-semibold text-primary-700 underline-offset-2 hover:underline dark:text-primary-300"
            >
              {t(`kinds.${kind}`)}
            </a>
          ))}
        </p>
      ) : null}
    </div>
  );
}
