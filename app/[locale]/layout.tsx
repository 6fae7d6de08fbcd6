import type { Metadata } from 'next';
import { notFound } from 'next/navigation';
import { hasLocale } from 'next-intl';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CrashTextProvider } from '@/components/i18n/crash-text';
import { Providers } from '@/components/providers';
import { sessionHintBootScript } from '@/components/layout/session-hint';
import { themeBootScript } from '@/components/theme/theme';
import { routing } from '@/lib/i18n/routing';
import { siteUrl } from '@/lib/seo/site-url';

export function generateStaticParams() {
  return routing.locales.map((locale) => ({ locale }));
}

// Only the four locales: a path the proxy does not see (one with a dot, e.g. /x.y) would otherwise be
// rendered on demand as a "locale" and cached, one entry per made-up address.
export const dynamicParams = false;

export async function generateMetadata({ params }: { params: Promise<{ locale: string }> }): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'metadata' });
  // The configured public URL turns every relative canonical, alternate and
  // image address of the pages below into an absolute one.
  return { metadataBase: siteUrl(), title: t('title'), description: t('description') };
}

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode;
  params: Promise<{ locale: string }>;
}) {
  const { locale } = await params;
  if (!hasLocale(routing.locales, locale)) notFound();
  setRequestLocale(locale);
  const t = await getTranslations({ locale, namespace: 'common' });
  const crash = await getTranslations({ locale, namespace: 'errors.crash' });

  return (
    <html lang={locale} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: themeBootScript + sessionHintBootScript }} />
      </head>
      <body className="min-h-screen">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:fixed focus:left-4 focus:top-4 focus:z-modal focus:rounded focus:bg-surface-raised focus:px-4 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        {/* No NextIntlClientProvider here: the shared components get their text as props, and
            the few client components that translate in the browser sit in <ClientMessages>. */}
        <CrashTextProvider text={{ title: crash('title'), body: crash('body'), retry: crash('retry') }}>
          <Providers>{children}</Providers>
        </CrashTextProvider>
      </body>
    </html>
  );
}
