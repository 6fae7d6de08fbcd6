import { useTranslations } from 'next-intl';
import { SiteHeader } from '@/components/layout/site-header';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { SiteFooter } from '@/components/marketing/site-footer';

/** Any unknown page under a locale: the site's header and footer around the localized 404. */
export default function LocaleNotFound() {
  const t = useTranslations('errors.notFound');
  return (
    <>
      <SiteHeader />
      <main id="main" data-not-found="" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">404</p>
        <h1 className="mt-2 text-3xl font-bold">{t('title')}</h1>
        <p className="mt-4 text-ink-muted">{t('body')}</p>
        <Link
          href="/"
          className="mt-8 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
        >
          {t('back')}
        </Link>
      </main>
      {/* The site's footer, as on every public page: its links are a way on from a dead end. */}
      <SiteFooter />
    </>
  );
}
