import { useLocale, useTranslations } from 'next-intl';
import { SiteHeader } from '@/components/layout/site-header';
import { localizedPath } from '@/lib/i18n/localized-path';

/** 403 for a signed-in user without the right (the admin page for non-admins). */
export default function LocaleForbidden() {
  const t = useTranslations('auth.admin');
  const locale = useLocale();
  return (
    <>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-xl px-4 py-24 text-center">
        <p className="text-sm font-semibold text-primary-700 dark:text-primary-300">403</p>
        <h1 className="mt-2 text-3xl font-bold">{t('forbiddenTitle')}</h1>
        <p className="mt-4 text-ink-muted">{t('forbiddenBody')}</p>
        <a
          href={localizedPath('/dashboard', locale)}
          className="mt-8 inline-block rounded-lg bg-primary-700 px-5 py-2.5 font-medium text-white hover:bg-primary-800"
        >
          {t('back')}
        </a>
      </main>
    </>
  );
}
