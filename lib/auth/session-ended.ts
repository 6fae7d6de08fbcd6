import { serialize } from 'cookie';
import { localizedPath } from '@/lib/i18n/localized-path';
import { locales, routing } from '@/lib/i18n/routing';

/**
 * Left by the session endpoint when it clears a session that ended elsewhere (an open page's session check can
 * come first, before the visitor's next page): without it that next page would find no cookie at all, send the
 * visitor through the provider, whose own session would sign them in again without a word (a deleted user as a
 * new account, "sign out everywhere" undone). With it, the next protected page says the session ended.
 */
export const SESSION_ENDED_COOKIE = 'signet-session-ended';

/** Seconds the marker lasts: the visitor's next protected page within a day is told, and then it is cleared. */
export const SESSION_ENDED_MAX_AGE = 24 * 60 * 60;

/**
 * The marker's Set-Cookie value: set by the session endpoint, or cleared (`set` false) once the visitor has been
 * told or has signed in again. Set and cleared with the same attributes: a browser ignores a deletion that
 * differs in Secure.
 */
export function sessionEndedCookie(set: boolean, secure: boolean): string {
  return serialize(SESSION_ENDED_COOKIE, set ? '1' : '', {
    path: '/',
    maxAge: set ? SESSION_ENDED_MAX_AGE : 0,
    httpOnly: true,
    sameSite: 'lax',
    secure,
  });
}

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
