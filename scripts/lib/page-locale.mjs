// What next-intl's proxy decides for a request to a public page, reduced to
// the two things that change its answer: the locale it resolves and whether
// it sets the locale cookie. The page cache keys on these, never on the raw
// Accept-Language, cookie or Sec-Fetch-Dest a visitor sends, so no visitor can
// make it keep a new entry. Mirrors next-intl 4.14's middleware (resolveLocale
// and syncCookie, with the same two libraries);
// tests/unit/http/page-locale.test.ts holds the two side by side.
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';

/**
 * @param {{ locales: readonly string[], defaultLocale: string }} routing
 */
export function createLocaleOutcome({ locales, defaultLocale }) {
  // next-intl's workaround for formatjs/formatjs#4469: longer tags first.
  const ordered = [...locales].sort((a, b) => b.length - a.length);

  /** @param {string | undefined} header */
  function acceptLanguageLocale(header) {
    const languages = new Negotiator({ headers: { 'accept-language': header || undefined } }).languages();
    try {
      const best = match(languages, ordered, defaultLocale);
      return locales.find((locale) => locale.toLowerCase() === best.toLowerCase());
    } catch {
      return undefined; // a malformed tag: next-intl falls back the same way
    }
  }

  /**
   * @param {{ pathname: string, cookie: string | undefined, acceptLanguage: string | undefined, secFetchDest: string | undefined }} request
   * @returns {{ locale: string, setsCookie: boolean }}
   */
  return function localeOutcome({ pathname, cookie, acceptLanguage, secFetchDest }) {
    const segment = pathname.split('/')[1] ?? '';
    const prefixLocale = locales.find((locale) => locale.toLowerCase() === segment.toLowerCase());
    const cookieLocale = cookie !== undefined && locales.includes(cookie) ? cookie : undefined;
    const accepted = acceptLanguageLocale(acceptLanguage);
    const locale = prefixLocale ?? cookieLocale ?? accepted ?? defaultLocale;
    // Only document requests (or ones that do not say) update the cookie.
    const syncs = secFetchDest === undefined || secFetchDest === 'document';
    const setsCookie = syncs && (cookie !== undefined ? cookie !== locale : accepted !== locale);
    return { locale, setsCookie };
  };
}
