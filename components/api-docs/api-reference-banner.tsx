import { useLocale, useTranslations } from 'next-intl';
import { localizedHref } from '@/components/marketing/localized-href';

/** On /developers/api: the way to the v1 reference, above the legacy upload contract. */
export function ApiReferenceBanner() {
  const t = useTranslations('apiDocs.banner');
  const locale = useLocale();
  return (
    <section aria-labelledby="api-v1-title" className="mx-auto max-w-5xl px-4 pt-4 pb-10">
      <div className="flex flex-col gap-4 rounded-xl border border-primary-200 bg-primary-50 p-5 sm:flex-row sm:items-center sm:justify-between dark:border-primary-800 dark:bg-primary-950">
        <div>
          <h2 id="api-v1-title" className="text-xl font-semibold">
            {t('title')}
          </h2>
          <p className="mt-1 text-ink-muted">{t('text')}</p>
        </div>
        <a
          href={localizedHref('/developers/api/reference', locale)}
          className="shrink-0 rounded-lg bg-primary-700 px-5 py-2.5 text-center font-semibold text-white hover:bg-primary-800"
        >
          {t('link')}
        </a>
      </div>
    </section>
  );
}
