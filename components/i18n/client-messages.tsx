import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import type { ReactNode } from 'react';
import { pickMessages, SCOPED_CLIENT_MESSAGE_KEYS } from '@/lib/i18n/messages';

/**
 * Gives the client components below it the messages of one scope, so a form's
 * text reaches the browser only on the page that renders the form, and
 * next-intl's client runtime loads only on pages that have such a form.
 */
export async function ClientMessages({
  scope,
  children,
}: {
  scope: keyof typeof SCOPED_CLIENT_MESSAGE_KEYS;
  children: ReactNode;
}) {
  const messages = pickMessages(await getMessages(), SCOPED_CLIENT_MESSAGE_KEYS[scope]);
  return <NextIntlClientProvider messages={messages}>{children}</NextIntlClientProvider>;
}
