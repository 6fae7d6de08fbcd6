'use client';

import { useLocale, useTranslations } from 'next-intl';
import { toastProblem } from '@/components/dashboard/problem-toast';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { useCorrectDeclined } from './use-correct-declined';

const PRIMARY_BUTTON =
  'w-full rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800 disabled:opacity-60';

/**
 * The way forward from a decline, on the declined document: "Correct and
 * send again" makes a draft copy and opens it; once made, the same place
 * opens that draft instead of making another.
 */
export function CorrectDeclined({ details }: { details: TDocumentDetails }) {
  const t = useTranslations('workspace.correction');
  const toasts = useTranslations('dashboard.toasts');
  const locale = useLocale() as Locale;
  const { correct, busy } = useCorrectDeclined((error) => toastProblem(t('failed'), error, toasts('offline')));
  if (details.correctedBy) {
    return (
      <a
        href={getPathname({ href: new URL(details.correctedBy.url).pathname, locale })}
        className={`block text-center ${PRIMARY_BUTTON}`}
      >
        {t('openDraft')}
      </a>
    );
  }
  return (
    <div className="space-y-2">
      <button type="button" disabled={busy} onClick={() => void correct(details.id)} className={PRIMARY_BUTTON}>
        {t('offer')}
      </button>
      <p className="text-sm text-ink-muted">{t('hint')}</p>
    </div>
  );
}

/** On a draft made by "Correct and send again": who declined the document it corrects, and why. */
export function CorrectionNotice({ details }: { details: TDocumentDetails }) {
  const t = useTranslations('workspace.correction');
  const locale = useLocale() as Locale;
  const source = details.correctedFrom;
  if (!source) return null;
  const name = source.declinedBy ? `${source.declinedBy.name} (${source.declinedBy.email})` : null;
  return (
    <div
      role="note"
      data-correction-notice=""
      className="rounded-lg border border-warning-300 bg-warning-50 p-3 text-sm text-warning-900 dark:border-warning-700 dark:bg-warning-950 dark:text-warning-100"
    >
      <p className="font-semibold">{t('notice')}</p>
      {name ? (
        <p className="mt-1 whitespace-pre-line [overflow-wrap:anywhere]">
          {source.declineReason
            ? t('declinedBy', { name, reason: source.declineReason })
            : t('declinedByNoReason', { name })}
        </p>
      ) : null}
      <a
        href={getPathname({ href: new URL(source.url).pathname, locale })}
        className="mt-1 inline-block font-medium underline"
      >
        {t('seeDeclined')}
      </a>
    </div>
  );
}
