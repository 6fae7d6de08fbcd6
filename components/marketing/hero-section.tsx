import { useLocale, useTranslations } from 'next-intl';
import { Icon, type IconName } from './icons';
import { localizedHref } from './localized-href';

const BENEFITS: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'security', icon: 'shield' },
  { key: 'fast', icon: 'bolt' },
  { key: 'binding', icon: 'scale' },
];

export function HeroSection() {
  const t = useTranslations('home');
  const tl = useTranslations('landing.hero');
  const locale = useLocale();
  const accent =
    'bg-gradient-to-r from-primary-700 to-info-700 bg-clip-text text-transparent dark:from-primary-300 dark:to-info-300';
  return (
    <section id="Home" aria-labelledby="Home-title" className="relative scroll-mt-[72px] overflow-hidden">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-0 -z-10 bg-[radial-gradient(60rem_30rem_at_20%_-10%,var(--color-primary-100),transparent),radial-gradient(40rem_24rem_at_90%_10%,var(--color-info-100),transparent)] dark:bg-[radial-gradient(60rem_30rem_at_20%_-10%,var(--color-primary-950),transparent),radial-gradient(40rem_24rem_at_90%_10%,var(--color-info-950),transparent)]"
      />
      <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:py-24 developer:grid-cols-[1.2fr_1fr]">
        <div>
          <h1 id="Home-title" className="text-4xl font-extrabold tracking-tight text-balance sm:text-6xl">
            {t('title.sign')} <span className={accent}>{t('title.securely')}</span> {t('title.and')}{' '}
            <span className={accent}>{t('title.effortlessly')}</span>
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-ink-muted">{t('lead')}</p>
          <div className="mt-8 flex flex-col items-start gap-3">
            <a
              href={localizedHref('/welcome', locale)}
              className="inline-flex items-center gap-2 rounded-lg bg-primary-700 px-6 py-3 text-lg font-semibold text-white shadow-lg shadow-primary-700/25 transition hover:bg-primary-800"
            >
              {t('cta')}
              <Icon name="arrowRight" className="h-5 w-5" />
            </a>
            <p className="text-sm text-ink-muted">{t('noCard')}</p>
          </div>
          <ul aria-label={tl('benefits')} className="mt-10 flex flex-wrap gap-x-6 gap-y-3">
            {BENEFITS.map(({ key, icon }) => (
              <li key={key} className="flex items-center gap-2 font-medium">
                <span className="inline-flex h-8 w-8 items-center justify-center rounded-full bg-success-100 text-success-800 dark:bg-success-950 dark:text-success-300">
                  <Icon name={icon} className="h-4 w-4" />
                </span>
                {tl(key)}
              </li>
            ))}
          </ul>
        </div>
        <HeroArt />
      </div>
    </section>
  );
}

/** A document with a signature being drawn; decoration only. */
function HeroArt() {
  return (
    <div aria-hidden="true" className="relative mx-auto hidden w-full max-w-sm developer:block">
      <div className="rotate-2 rounded-xl border border-surface-border bg-surface-raised p-6 shadow-2xl shadow-primary-900/10">
        <div className="h-3 w-1/2 rounded bg-primary-200 dark:bg-primary-900" />
        {[100, 92, 96, 70, 88, 60].map((width, index) => (
          <div key={index} className="mt-3 h-2 rounded bg-surface-sunken" style={{ width: `${width}%` }} />
        ))}
        <div className="mt-8 rounded-lg border-2 border-dashed border-primary-300 p-3 dark:border-primary-700">
          <svg viewBox="0 0 200 60" className="h-14 w-full text-primary-700 dark:text-primary-300">
            <path
              d="M8 44c14-4 18-30 28-30s-4 32 6 32 14-22 20-22-2 18 8 18 10-12 18-12 6 10 14 10 16-8 30-10 30-2 60-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="3"
              strokeLinecap="round"
            />
          </svg>
        </div>
      </div>
      <div className="absolute -bottom-5 -left-5 flex items-center gap-2 rounded-full bg-success-700 px-4 py-2 text-sm font-semibold text-white shadow-lg">
        <Icon name="check" className="h-4 w-4" />
        256-bit SSL
      </div>
    </div>
  );
}
