import { localizedPath } from '@/lib/i18n/localized-path';
import { locales, routing } from '@/lib/i18n/routing';

/**
 * Where a visitor goes whose session ended elsewhere (deleted, signed out
 * everywhere, demoted): the sign-in page of the page's language, saying so,
 * with the way back. Not straight to the provider: its own session would
 * sign them in again without a word, undoing "sign out everywhere".
 */
export function sessionEndedPath(pathWithSearch: string): string {
  const first = pathWithSearch.split(/[/?#]/)[1] ?? '';
  const locale = (locales as readonly string[]).includes(first) ? first : routing.defaultLocale;
  return `${localizedPath('/sign-in', locale)}?${new URLSearchParams({ error: 'SessionEnded', callbackUrl: pathWithSearch })}`;
}
