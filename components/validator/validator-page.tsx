import { useTranslations } from 'next-intl';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SiteHeader } from '@/components/layout/site-header';
import { SiteFooter } from '@/components/marketing/site-footer';
import { ValidatorPanel } from './validator-panel';

/** /validator: the site's header and footer around the public validator. Server-rendered; only the panel is client code. */
export function ValidatorPage() {
  const t = useTranslations('validator');
  return (
    <>
      {/* A public page that is also a room of the workspace: its header leads to the app once signed in. */}
      <SiteHeader area="shared" />
      <main id="main" className="overflow-x-clip">
        <div className="mx-auto max-w-4xl px-4 py-12 sm:py-16">
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
            {t('eyebrow')}
          </p>
          <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
          <p className="mt-4 text-lg text-ink-muted">{t('lead')}</p>
          <div className="mt-8">
            <ClientMessages scope="validator">
              <ValidatorPanel />
            </ClientMessages>
          </div>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
