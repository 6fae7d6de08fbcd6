import { useTranslations } from 'next-intl';
import { ClientMessages } from '@/components/i18n/client-messages';
import { SiteHeader } from '@/components/layout/site-header';
import { Icon, type IconName } from '@/components/marketing/icons';
import { SiteFooter } from '@/components/marketing/site-footer';
import { ContactForm } from './contact-form';

const NEXT_STEPS: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'reply', icon: 'bolt' },
  { key: 'enterprise', icon: 'building' },
  { key: 'privacy', icon: 'lock' },
];

/** /contact: the site's header and footer around the contact form. Server-rendered; only the form is client code. */
export function ContactPage() {
  const t = useTranslations('contact.page');
  return (
    <>
      <SiteHeader />
      <main id="main" className="overflow-x-clip">
        {/* Small screens: intro, form, then what happens next; wide: intro and next steps beside the form. */}
        <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:py-16 developer:grid-cols-[minmax(0,2fr)_minmax(0,3fr)] developer:grid-rows-[auto_1fr] developer:gap-x-16">
          <div>
            <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
              {t('eyebrow')}
            </p>
            <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t('title')}</h1>
            <p className="mt-4 text-lg text-ink-muted">{t('lead')}</p>
          </div>
          <div className="rounded-xl border border-surface-border bg-surface-raised p-5 shadow-sm sm:p-8 developer:col-start-2 developer:row-span-2 developer:row-start-1 developer:self-start">
            <ClientMessages scope="contact">
              <ContactForm />
            </ClientMessages>
          </div>
          <section aria-labelledby="contact-next-title">
            <h2 id="contact-next-title" className="text-lg font-semibold">
              {t('nextTitle')}
            </h2>
            <ul className="mt-4 space-y-4">
              {NEXT_STEPS.map((step) => (
                <li key={step.key} className="flex gap-3">
                  <span className="flex h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-primary-100 text-primary-800 dark:bg-primary-950 dark:text-primary-200">
                    <Icon name={step.icon} className="h-5 w-5" />
                  </span>
                  <span className="pt-1.5 text-ink-muted">{t(`next.${step.key}`)}</span>
                </li>
              ))}
            </ul>
          </section>
        </div>
      </main>
      <SiteFooter />
    </>
  );
}
