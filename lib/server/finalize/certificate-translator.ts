import 'server-only';
import { createTranslator } from 'next-intl';
import { loadMessages } from '@/lib/i18n/messages';
import { defaultLocale, isLocale, type Locale } from '@/lib/i18n/routing';
import type { TCertificateT } from '@/lib/server/pdf/certificate/types';

/** The owner's language if the app speaks it, English otherwise. */
export function certificateLocale(locale: string | null | undefined): Locale {
  return isLocale(locale) ? locale : defaultLocale;
}

/** The `certificate` messages of `locale`; a missing message fails the build (a retried job shows it) rather than print a key. */
export async function certificateTranslator(locale: Locale): Promise<TCertificateT> {
  const messages = await loadMessages(locale);
  const translate = createTranslator({
    locale,
    messages: { certificate: messages.certificate as Record<string, unknown> },
    namespace: 'certificate',
    onError: (error) => {
      throw error;
    },
  });
  return (key, values) => (translate as unknown as TCertificateT)(key, values);
}
