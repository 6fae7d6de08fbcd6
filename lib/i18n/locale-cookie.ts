import { LOCALE_COOKIE, type Locale } from './routing';

/**
 * The remembered language (next-intl's locale cookie), as Settings and the
 * language list write it. It must follow an explicit choice: next-intl sends
 * an unprefixed address (the English one) to the cookie's language, so a
 * stale `pt` would turn every English page back into Portuguese.
 */
export const LOCALE_COOKIE_OPTIONS = { path: '/', sameSite: 'lax', maxAge: 60 * 60 * 24 * 365 } as const;

/** The same cookie for document.cookie. */
export function localeCookieString(locale: Locale): string {
  return `${LOCALE_COOKIE}=${locale}; path=${LOCALE_COOKIE_OPTIONS.path}; max-age=${LOCALE_COOKIE_OPTIONS.maxAge}; samesite=${LOCALE_COOKIE_OPTIONS.sameSite}`;
}
