import { useLocale, useTranslations } from 'next-intl';
import { PLANS } from './landing-content';
import { Icon } from './icons';
import { localizedHref } from './localized-href';

/**
 * Three plans: cards up to 400 px wide, wrapping under 1080 px; every button primary.
 * `level`: the plans' heading level (3 under the landing section's h2, 2 on /pricing).
 */
export function PlanCards({ level = 3 }: { level?: 2 | 3 }) {
  const Heading = level === 2 ? 'h2' : 'h3';
  const t = useTranslations('landing.pricing');
  const locale = useLocale();
  return (
    <ul className="flex flex-wrap justify-center gap-6 developer:flex-nowrap">
      {PLANS.map((plan) => {
        const title = t(`plans.${plan.key}.title`);
        const popular = 'popular' in plan && plan.popular;
        return (
          <li
            key={plan.key}
            data-plan={plan.key}
            className={`relative flex w-full max-w-plan flex-col rounded-xl border bg-surface-raised p-8 shadow-sm developer:flex-1 ${popular ? 'border-primary-500 ring-2 ring-primary-500' : 'border-surface-border'}`}
          >
            {popular ? (
              <p className="absolute -top-3 left-1/2 -translate-x-1/2 rounded-full bg-primary-700 px-3 py-1 text-xs font-semibold whitespace-nowrap text-white">
                {t('popular')}
              </p>
            ) : null}
            <Heading className="text-xl font-semibold">{title}</Heading>
            <p className="mt-2 text-ink-muted">{t(`plans.${plan.key}.description`)}</p>
            <p className="mt-6 flex items-baseline gap-2">
              <span className="text-4xl font-extrabold tracking-tight" data-price="">
                {plan.price ?? t('custom')}
              </span>
              {plan.perMonth ? (
                <span className="text-ink-muted" data-per-month="">
                  {t('perMonth')}
                </span>
              ) : null}
            </p>
            <ul aria-label={t('features', { plan: title })} className="mt-6 flex-1 space-y-3" data-features="">
              {plan.features.map((feature) => (
                <li key={feature} className="flex gap-3">
                  <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-success-700 dark:text-success-400" />
                  {t(`plans.${plan.key}.features.${feature}`)}
                </li>
              ))}
            </ul>
            <a
              href={localizedHref(plan.href, locale)}
              className="mt-8 rounded-lg bg-primary-700 px-5 py-3 text-center font-semibold text-white transition hover:bg-primary-800"
              data-button-style="primary"
            >
              {t(`plans.${plan.key}.button`)}
            </a>
          </li>
        );
      })}
    </ul>
  );
}
