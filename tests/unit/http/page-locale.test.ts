import createMiddleware from 'next-intl/middleware';
import { NextRequest } from 'next/server';
import { describe, expect, it } from 'vitest';
import { locales, LOCALE_COOKIE, routing } from '@/lib/i18n/routing';
import { createLocaleOutcome } from '@/scripts/lib/page-locale.mjs';

const intl = createMiddleware(routing);
const outcome = createLocaleOutcome({ locales, defaultLocale: routing.defaultLocale });

/** What next-intl's own proxy decided: the locale it rendered or redirected to, and whether it set the cookie. */
function askNextIntl(pathname: string, headers: Record<string, string>) {
  const response = intl(new NextRequest(`http://localhost:3000${pathname}`, { headers }));
  const location = response.headers.get('location');
  const locale = location
    ? (locales.find((candidate) => new URL(location).pathname.split('/')[1] === candidate) ?? routing.defaultLocale)
    : response.headers.get('x-middleware-request-x-next-intl-locale');
  return { locale, setsCookie: response.cookies.get(LOCALE_COOKIE) !== undefined };
}

const languages = [
  undefined,
  '',
  'en',
  'cs',
  'pt-BR,pt;q=0.9',
  'es-419',
  'de-DE,de;q=0.9',
  'cs;q=0.1,es;q=0.9',
  'fr, pt;q=0.2',
  '*',
  'x-klingon',
  'PT',
  'zh-Hant-TW,cs;q=0.3',
  'en-GB;q=0',
  ';;;',
  'sk,cs;q=0.8',
];
const cookies = [undefined, 'en', 'cs', 'pt', 'es', 'xx', '', 'CS'];
const dests = [undefined, 'document', 'empty', 'iframe'];

describe('the page cache resolves the locale as next-intl does', () => {
  for (const pathname of ['/', '/web', '/pt', '/cs/web', '/es']) {
    it(`for ${pathname}`, () => {
      for (const acceptLanguage of languages) {
        for (const cookie of cookies) {
          for (const secFetchDest of dests) {
            const headers: Record<string, string> = {};
            if (acceptLanguage !== undefined) headers['accept-language'] = acceptLanguage;
            if (cookie !== undefined) headers.cookie = `${LOCALE_COOKIE}=${cookie}`;
            if (secFetchDest !== undefined) headers['sec-fetch-dest'] = secFetchDest;
            const ours = outcome({ pathname, cookie, acceptLanguage, secFetchDest });
            expect(ours, JSON.stringify({ pathname, headers })).toEqual(askNextIntl(pathname, headers));
          }
        }
      }
    });
  }
});
