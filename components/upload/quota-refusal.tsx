'use client';

import { useFormatter, useLocale, useTranslations } from 'next-intl';
import { PLANS, PRO_ADDS } from '@/components/marketing/landing-content';
import type { Plan } from '@/lib/generated/prisma/sqlite/enums';
import { localizedPath } from '@/lib/i18n/localized-path';
import { quotaResetDate } from '@/lib/upload/upload-failure';

const PRO = PLANS.find((plan) => plan.key === 'pro')!;

function Check() {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="mt-0.5 size-5 shrink-0 text-success-700 dark:text-success-400"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d="M20 6 9 17l-5-5" />
    </svg>
  );
}

/**
 * A refusal for the plan's monthly limit: how many were used, when the count
 * starts again, and the way up, listing only what Pro adds (PRO_ADDS). Until
 * billing exists, Pro is a request that reaches sales through the contact form
 * (the same link as the Pro card).
 */
export function QuotaRefusal({ limit, plan }: { limit: number | null; plan: Plan }) {
  const t = useTranslations('auth.upload.quota');
  const codes = useTranslations('errors.codes');
  const plans = useTranslations('auth.account.plans');
  const pricing = useTranslations('landing.pricing');
  const format = useFormatter();
  const locale = useLocale();
  const resets = format.dateTime(quotaResetDate(new Date()), { dateStyle: 'long', timeZone: 'UTC' });
  return (
    <div
      role="alert"
      data-upload-quota=""
      className="rounded-xl border border-warning-300 bg-warning-50 p-5 text-ink dark:border-warning-700 dark:bg-warning-950/40"
    >
      <p className="font-semibold">{limit ? t('title', { limit, plan: plans(plan) }) : codes('QUOTA_EXCEEDED')}</p>
      <p className="mt-1 text-sm text-ink-muted">{t('resets', { date: resets })}</p>
      <div data-plan="pro" className="mt-4 rounded-lg border border-primary-500 bg-surface-raised p-4 sm:p-5">
        <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
          <h3 className="text-lg font-semibold">{t('upgrade')}</h3>
          <p className="flex items-baseline gap-1.5">
            <span className="text-2xl font-extrabold tracking-tight">{PRO.price}</span>
            <span className="text-sm text-ink-muted">{pricing('perMonth')}</span>
          </p>
        </div>
        <ul className="mt-3 grid gap-2 text-sm sm:grid-cols-2">
          {PRO_ADDS.map((feature) => (
            <li key={feature} className="flex gap-2">
              <Check />
              {pricing(`plans.pro.features.${feature}`)}
            </li>
          ))}
        </ul>
        <p className="mt-3 text-sm text-ink-muted">{t('next')}</p>
        <a
          href={localizedPath(PRO.href, locale)}
          className="mt-4 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-semibold text-white hover:bg-primary-800"
        >
          {t('request')}
        </a>
      </div>
      <a
        href={localizedPath('/pricing', locale)}
        className="mt-4 inline-block font-semibold text-primary-700 hover:underline dark:text-primary-300"
      >
        {t('compare')}
      </a>
    </div>
  );
}
