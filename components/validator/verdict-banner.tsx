'use client';

import { useTranslations } from 'next-intl';
import { TruncatedName } from '@/components/ui/truncated-name';
import type { TVerdict } from '@/lib/api/v1/validate';

const LOOK: Record<TVerdict, { box: string; badge: string; symbol: string }> = {
  valid: {
    box: 'border-success-600 bg-success-50 dark:bg-success-950',
    badge: 'bg-success-700 text-white',
    symbol: '✓',
  },
  modified: {
    box: 'border-warning-600 bg-warning-50 dark:bg-warning-950',
    badge: 'bg-warning-700 text-white',
    symbol: '!',
  },
  invalid: { box: 'border-danger-600 bg-danger-50 dark:bg-danger-950', badge: 'bg-danger-700 text-white', symbol: '✕' },
  unsigned: { box: 'border-surface-border bg-surface-raised', badge: 'bg-ink-muted text-surface-raised', symbol: '–' },
};

/** The verdict first, big and plain, with what it means in a sentence. */
export function VerdictBanner({ verdict, fileName }: { verdict: TVerdict; fileName: string }) {
  const t = useTranslations('validator');
  const look = LOOK[verdict];
  return (
    <section
      aria-labelledby="validator-verdict"
      className={`rounded-xl border-2 p-5 sm:p-6 ${look.box}`}
      data-verdict={verdict}
    >
      <TruncatedName as="p" text={t('drop.result', { name: fileName })} lines={2} className="text-sm text-ink-muted" />
      <div className="mt-2 flex items-center gap-4">
        <span
          aria-hidden="true"
          className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-full text-2xl font-bold ${look.badge}`}
        >
          {look.symbol}
        </span>
        <h2 id="validator-verdict" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t(`verdict.${verdict}.title`)}
        </h2>
      </div>
      <p className="mt-3 text-lg">{t(`verdict.${verdict}.body`)}</p>
    </section>
  );
}
