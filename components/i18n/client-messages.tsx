import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { CLIENT_MESSAGE_KEYS, pickMessages, SCOPED_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';

/**
 * Gives the client components below it the messages of one scope on top of
 * the ones every page sends (CLIENT_MESSAGE_KEYS), so a form's text reaches
 * the browser only on the page that renders the form.
 */
export async function ClientMessages({ scope, children }: { scope: keyof typeof SCOPED_CLIENT_MESSAGE_KEYS; children: ReactNode }) {
  const messages = pickMessages(await getMessages(), [...CLIENT_MESSAGE_KEYS, ...SCOPED_CLIENT_MESSAGE_KEYS[scope]]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
