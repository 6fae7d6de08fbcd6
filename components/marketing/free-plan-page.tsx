import { useLocale, useTranslations } from 'next-intl';
import { PLANS } from './landing-content';
import { ContentHero } from './content/content-hero';
import { ContentShell } from './content/content-shell';
import { Icon } from './icons';
import { localizedHref } from './localized-href';

const FREE = PLANS[0];
const STEPS = ['signIn', 'upload', 'dashboard'] as const;

/** Plain <a> into /welcome: a page behind sign-in must not be prefetched. */
function StartButton({ label, href }: { label: string; href: string }) {
  return (
    <a
      href={href}
      className="inline-block rounded-lg bg-primary-700 px-6 py-3 font-semibold text-white transition hover:bg-primary-800"
    >
      {label}
    </a>
  );
}

/**
 * /web/free (the Free plan's own page, from /pricing): what the Free plan gives
 * and how it starts. Starting is /welcome, which signs a visitor in first.
 */
export function FreePlanPage() {
  const t = useTranslations('pages.freePlan');
  const pricing = useTranslations('landing.pricing');
  const locale = useLocale();
  const start = localizedHref(FREE.href, locale);
  return (
    <ContentShell>
      <ContentHero
        eyebrow={t('eyebrow')}
        title={t('title')}
        lead={t('lead')}
        icon="gift"
        gradient="from-primary-500 to-info-500"
      >
        <div className="mt-8 flex flex-wrap items-center gap-x-5 gap-y-3">
          <StartButton label={t('start')} href={start} />
          <p className="flex items-center gap-2 text-ink-muted">
            <Icon name="check" className="h-5 w-5 text-success-700 dark:text-success-400" />
            {t('noCard')}
          </p>
        </div>
      </ContentHero>
      <div className="mx-auto grid max-w-5xl gap-8 px-4 py-14 sm:py-16 developer:grid-cols-2">
        <section
          aria-labelledby="free-included-title"
          className="self-start rounded-xl border border-surface-border bg-surface-raised p-6 shadow-sm sm:p-8"
          data-plan="free"
        >
          <h2 id="free-included-title" className="text-xl font-semibold">
            {t('includedTitle')}
          </h2>
          <p className="mt-4 flex items-baseline gap-2">
            <span className="text-4xl font-extrabold tracking-tight">{FREE.price}</span>
            <span className="text-ink-muted">{pricing('perMonth')}</span>
          </p>
          <ul className="mt-6 space-y-3">
            {FREE.features.map((feature) => (
              <li key={feature} className="flex gap-3">
                <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-success-700 dark:text-success-400" />
                {pricing(`plans.free.features.${feature}`)}
              </li>
            ))}
          </ul>
        </section>
        <section aria-labelledby="free-steps-title">
          <h2 id="free-steps-title" className="text-xl font-semibold">
            {t('stepsTitle')}
          </h2>
          <ol className="mt-6 space-y-5">
            {STEPS.map((step, index) => (
              <li key={step} className="flex gap-4">
                <span
                  aria-hidden="true"
                  className="flex h-9 w-9 shrink-0 items-center justify-center rounded-full bg-primary-100 font-bold text-primary-800 dark:bg-primary-950 dark:text-primary-200"
                >
                  {index + 1}
                </span>
                <div>
                  <h3 className="font-semibold">{t(`steps.${step}.title`)}</h3>
                  <p className="mt-1 text-ink-muted">{t(`steps.${step}.text`)}</p>
                </div>
              </li>
            ))}
          </ol>
          <div className="mt-8">
            <StartButton label={t('start')} href={start} />
          </div>
        </section>
      </div>
      <section aria-labelledby="free-more-title" className="px-4 pb-20">
        <div className="mx-auto max-w-5xl rounded-2xl border border-surface-border bg-surface-sunken/60 px-6 py-10 text-center">
          <h2 id="free-more-title" className="text-2xl font-bold tracking-tight">
            {t('moreTitle')}
          </h2>
          <p className="mx-auto mt-3 max-w-2xl text-lg text-ink-muted">{t('moreText')}</p>
          <a
            href={localizedHref('/pricing', locale)}
            className="mt-6 inline-block rounded-lg border border-primary-700 px-6 py-3 font-semibold text-primary-700 transition hover:bg-primary-50 dark:border-primary-300 dark:text-primary-300 dark:hover:bg-primary-950"
          >
            {t('compare')}
          </a>
        </div>
      </section>
    </ContentShell>
  );
}
