import { useLocale, useTranslations } from 'next-intl';
import { ContentCta } from './content/content-cta';
import { ContentHero } from './content/content-hero';
import { ContentShell } from './content/content-shell';
import { Icon, type IconName } from './icons';
import { localizedHref } from './localized-href';
import { PlanCards } from './plan-cards';

const NEXT_STEPS: ReadonlyArray<{ key: 'free' | 'pro' | 'enterprise'; icon: IconName; href?: string }> = [
  { key: 'free', icon: 'gift', href: '/web/free' },
  { key: 'pro', icon: 'bolt' },
  { key: 'enterprise', icon: 'building' },
];

/**
 * /pricing (the footer's Pricing): the three plans and what happens after
 * choosing each, so nobody picks Pro expecting a checkout that does not exist yet.
 */
export function PricingPage() {
  const t = useTranslations('pages.pricingPage');
  const pricing = useTranslations('landing.pricing');
  const locale = useLocale();
  return (
    <ContentShell>
      <ContentHero eyebrow={t('eyebrow')} title={pricing('title')} lead={pricing('lead')} icon="scale" />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <PlanCards level={2} />
      </div>
      <section aria-labelledby="pricing-next-title" className="mx-auto max-w-5xl px-4 pb-16">
        <h2 id="pricing-next-title" className="text-2xl font-bold tracking-tight">
          {t('nextTitle')}
        </h2>
        <ul className="mt-6 grid gap-4 developer:grid-cols-3">
          {NEXT_STEPS.map((step) => (
            <li
              key={step.key}
              className="flex gap-4 rounded-xl border border-surface-border bg-surface-raised p-5"
              data-next={step.key}
            >
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                <Icon name={step.icon} className="h-5 w-5" />
              </span>
              <div>
                <h3 className="font-semibold">{t(`next.${step.key}.title`)}</h3>
                <p className="mt-1 text-ink-muted">{t(`next.${step.key}.text`)}</p>
                {step.href ? (
                  <a
                    href={localizedHref(step.href, locale)}
                    className="mt-2 inline-block font-semibold text-primary-700 hover:underline dark:text-primary-300"
                  >
                    {t(`next.${step.key}.link`)}
                  </a>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </section>
      <ContentCta kind="contact" />
    </ContentShell>
  );
}
