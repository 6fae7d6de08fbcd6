'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import type { TUsage } from '@/lib/api/v1/usage';
import { localizedPath } from '@/lib/i18n/localized-path';
import { useUploadUsage } from './use-upload-usage';

/**
 * "3 of 5 documents this month" for a plan with a monthly limit, with what
 * counts and when the count starts again, so the limit is seen before it
 * refuses an upload. Nothing for a plan without a limit.
 */
export function QuotaUse({ initial }: { initial: TUsage }) {
  const t = useTranslations('auth.usage');
  const format = useFormatter();
  const locale = useLocale();
  const { usage } = useUploadUsage(initial);
  const { used, limit, resetsAt } = usage.documents;
  if (limit === null) return null;
  const full = used >= limit;
  const date = format.dateTime(new Date(resetsAt), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div
      data-quota-use=""
      data-full={full || undefined}
      className="rounded-xl border border-surface-border bg-surface-raised px-4 py-3 data-full:border-warning-300 dark:data-full:border-warning-700"
    >
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
        <p className="font-semibold">{t('count', { used, limit })}</p>
        <a
          href={localizedPath('/pricing', locale)}
          className="text-sm font-semibold text-primary-700 hover:underline dark:text-primary-300"
        >
          {t('plans')}
        </a>
      </div>
      <div aria-hidden="true" className="mt-2 h-1.5 overflow-hidden rounded-full bg-surface-sunken">
        <div
          className={`h-full rounded-full ${full ? 'bg-warning-500' : 'bg-primary-600'}`}
          style={{ width: `${Math.min(100, (used / limit) * 100)}%` }}
        />
      </div>
      <p className="mt-2 text-sm text-ink-muted">{t('hint', { date })}</p>
    </div>
  );
}
