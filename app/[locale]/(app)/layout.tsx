import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DialogProvider } from '@/components/dialogs/dialog-provider';
import { SiteHeader } from '@/components/layout/site-header';
import { QueryProvider } from '@/components/query-provider';
import { pickMessages, PROP_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';

/** The signed-in workspace: header (leading to the workspace's rooms), a content column and the one modal dialog. The proxy keeps signed-out visitors out. */
export default async function AppLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = [(await getLocale()) as Locale, await getMessages()];
  return (
    <>
      <SiteHeader area="app" />
      {/* A page that needs the room (the document workspace) marks itself data-wide-page. */}
      <main id="main" className="mx-auto w-full max-w-5xl px-4 py-10 sm:py-14 has-[[data-wide-page]]:max-w-7xl">
        <DialogProvider locale={locale} messages={pickMessages(messages, PROP_CLIENT_MESSAGE_KEYS.dialogs)}>
          <QueryProvider>{children}</QueryProvider>
        </DialogProvider>
      </main>
    </>
  );
}
