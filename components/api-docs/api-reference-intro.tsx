import { useLocale, useTranslations } from 'next-intl';
import { localizedHref } from '@/components/marketing/localized-href';

/** The page's h1 and what a developer needs before the operations: where keys come from and the raw OpenAPI. */
export function ApiReferenceIntro() {
  const t = useTranslations('apiDocs');
  const locale = useLocale();
  return (
    <section
      aria-labelledby="page-title"
      className="border-b border-surface-border bg-gradient-to-b from-primary-50 to-surface dark:from-primary-950/60 dark:to-surface"
    >
      <div className="mx-auto max-w-5xl px-4 py-10 sm:py-14">
        <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
          {t('eyebrow')}
        </p>
        <h1 id="page-title" className="mt-3 text-4xl font-bold tracking-tight text-balance break-words sm:text-5xl">
          {t('title')}
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-ink-muted">{t('lead')}</p>
        <ul className="mt-6 flex flex-wrap gap-3">
          <li>
            {/* A plain <a>: Settings is behind sign-in and must not be prefetched. */}
            <a
              href={localizedHref('/settings#api-keys', locale)}
              className="inline-flex rounded-lg bg-primary-700 px-4 py-2.5 font-semibold text-white hover:bg-primary-800"
            >
              {t('keys')}
            </a>
          </li>
          <li>
            <a
              href="/api/v1/openapi.json"
              className="inline-flex rounded-lg border border-surface-border bg-surface-raised px-4 py-2.5 font-semibold hover:bg-surface-sunken"
            >
              {t('openapi')}
            </a>
          </li>
        </ul>
      </div>
    </section>
  );
}
