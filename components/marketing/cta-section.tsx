import { useLocale, useTranslations } from 'next-intl';
import { localizedHref } from './localized-href';

/** Closing call to action: a last invitation to start, leading to /welcome. */
export function CtaSection() {
  const t = useTranslations('landing.cta');
  const locale = useLocale();
  return (
    <section aria-labelledby="cta-title" className="px-4 pb-20" data-reveal="left">
      <div className="mx-auto max-w-5xl rounded-2xl bg-gradient-to-br from-primary-800 to-info-800 px-6 py-14 text-center text-white shadow-xl">
        <h2 id="cta-title" className="text-3xl font-bold tracking-tight sm:text-4xl">
          {t('title')}
        </h2>
        <p className="mx-auto mt-4 max-w-2xl text-lg text-primary-50">{t('text')}</p>
        <a
          href={localizedHref('/welcome', locale)}
          className="mt-8 inline-block rounded-lg bg-white px-6 py-3 font-semibold text-primary-800 transition hover:bg-primary-50"
        >
          {t('button')}
        </a>
      </div>
    </section>
  );
}
