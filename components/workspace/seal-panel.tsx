'use client';

import { useQueryClient } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { useState } from 'react';
import { toast } from 'sonner';
import { downloadHref } from '@/components/dashboard/document-outcome';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { documentDetailsKey } from '@/lib/client/use-document-details';
import { useLocalDateTime } from '@/lib/client/use-local-date-time';
import { ApiProblem } from '@/lib/client/v1-api';
import { getPathname } from '@/lib/i18n/navigation';
import { SMALL_BUTTON } from './field-settings';
import { useDocumentRequest } from './document-workspace';

const KINDS = ['sealed', 'certificate', 'original'] as const;
const LINK_BUTTON = `${SMALL_BUTTON} inline-block text-center`;

/** A failed seal: the error the owner can act on, and a retry (POST …/retry-seal) with a toast either way. */
function SealFailed({ details }: { details: TDocumentDetails }) {
  const t = useTranslations('finalize.workspace');
  const queryClient = useQueryClient();
  const request = useDocumentRequest();
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      await request(`/documents/${encodeURIComponent(details.id)}/retry-seal`, { method: 'POST' });
      toast.success(t('retryQueued'));
      void queryClient.invalidateQueries({ queryKey: documentDetailsKey(details.id) });
    } catch (error) {
      toast.error(t('retryFailed'), {
        description: error instanceof ApiProblem ? error.detail : t('offline'),
        duration: 10_000,
      });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section
      aria-labelledby="seal-title"
      className="space-y-2 rounded-lg border border-danger-200 bg-danger-50 p-3 text-danger-900 dark:border-danger-800 dark:bg-danger-950 dark:text-danger-100"
    >
      <h2 id="seal-title" className="font-semibold">
        {t('failedTitle')}
      </h2>
      <p className="text-sm break-words">{details.sealError}</p>
      <button type="button" disabled={busy} onClick={() => void retry()} className={`${SMALL_BUTTON} border-current`}>
        {busy ? t('retrying') : t('retry')}
      </button>
    </section>
  );
}

/**
 * The owner's view of a finished document: its PAdES seal (level,
 * signing time, timestamp), the downloads that exist now, and a link to check
 * the file at /validator. A failed seal shows its error and a retry button.
 */
export function SealPanel({ details }: { details: TDocumentDetails }) {
  const t = useTranslations('finalize.workspace');
  const locale = useLocale();
  const dateTime = useLocalDateTime();
  if (details.status === 'sealing_failed') return <SealFailed details={details} />;
  if (details.status !== 'completed') return null;
  const { seal } = details;
  const when = (value: string) => dateTime(value, { dateStyle: 'medium', timeStyle: 'short' });
  const kinds = KINDS.filter((kind) => details.downloads[kind]);
  return (
    <section
      aria-labelledby="seal-title"
      className="space-y-2 rounded-lg border border-success-200 bg-success-50 p-3 text-success-950 dark:border-success-800 dark:bg-success-950 dark:text-success-50"
    >
      <h2 id="seal-title" className="font-semibold">
        {t('sealedTitle')}
      </h2>
      {seal ? (
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 text-sm">
          <dt className="font-medium">{t('level')}</dt>
          <dd>{t(`levels.${seal.level}`)}</dd>
          <dt className="font-medium">{t('sealedAt')}</dt>
          <dd>{when(seal.sealedAt)}</dd>
          {seal.timestampAt ? (
            <>
              <dt className="font-medium">{t('timestampAt')}</dt>
              <dd>{when(seal.timestampAt)}</dd>
            </>
          ) : null}
          <dt className="font-medium">SHA-256</dt>
          <dd className="font-mono text-xs [overflow-wrap:anywhere]">{seal.sha256}</dd>
        </dl>
      ) : null}
      {kinds.length > 0 ? (
        <div className="flex flex-wrap gap-2">
          {kinds.map((kind) => (
            <a key={kind} href={downloadHref(details.id, kind)} download className={LINK_BUTTON}>
              {t(`download.${kind}`)}
            </a>
          ))}
        </div>
      ) : (
        <p className="text-sm">{t('purged')}</p>
      )}
      {details.purgeAt && details.downloads.sealed ? (
        <p className="text-sm">{t('keptUntil', { date: dateTime(details.purgeAt, { dateStyle: 'medium' }) })}</p>
      ) : null}
      <a
        href={getPathname({ href: '/validator', locale })}
        className="inline-block text-sm font-semibold text-primary-800 underline underline-offset-2 dark:text-primary-200"
      >
        {t('validate')}
      </a>
    </section>
  );
}
