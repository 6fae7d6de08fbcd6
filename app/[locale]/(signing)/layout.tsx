import { getLocale, getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { DialogProvider } from '@/components/dialogs/dialog-provider';
import { QueryProvider } from '@/components/query-provider';
import { SigningHeader } from '@/components/signing/signing-header';
import { pickMessages, PROP_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';
import type { Locale } from '@/lib/i18n/routing';

/** The signer's pages (/sign/{token}): no account, no site navigation; the page sizes its own column. The dialog provider serves the confirm-all-signed preset. */
export default async function SigningLayout({ children }: { children: ReactNode }) {
  const [locale, messages] = [(await getLocale()) as Locale, await getMessages()];
  return (
    <>
      <SigningHeader />
      <main id="main" className="mx-auto w-full max-w-7xl px-2 py-3 sm:px-4 sm:py-6">
        <DialogProvider locale={locale} messages={pickMessages(messages, PROP_CLIENT_MESSAGE_KEYS.dialogs)}>
          <QueryProvider>{children}</QueryProvider>
        </DialogProvider>
      </main>
    </>
  );
}
