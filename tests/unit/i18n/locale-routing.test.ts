import { describe, expect, it } from 'vitest';
import { legacyLocaleRedirect } from '@/lib/i18n/legacy-locale';
import { negotiateLocale } from '@/lib/i18n/negotiate';

describe('legacyLocaleRedirect', () => {
  it.each([
    ['/cz', '/cs'],
    ['/sn', '/es'],
    ['/cz/pricing', '/cs/pricing'],
    ['/sn/document/abc', '/es/document/abc'],
  ])('moves %s to %s', (from, to) => expect(legacyLocaleRedirect(from)).toBe(to));

  it.each(['/', '/cs', '/es/x', '/czech', '/pt', '/web'])('leaves %s alone', (pathname) =>
    expect(legacyLocaleRedirect(pathname)).toBeNull(),
  );
});

describe('negotiateLocale', () => {
  it.each([
    [null, 'en'],
    ['', 'en'],
    ['pt-BR,pt;q=0.9,en;q=0.8', 'pt'],
    ['de-DE,de;q=0.9', 'en'],
    ['de;q=0.9,cs;q=0.8', 'cs'],
    ['en;q=0.1,es;q=0.9', 'es'],
    ['cz', 'cs'],
    ['sn', 'es'],
    ['es;q=0,pt', 'pt'],
  ])('%j → %s', (header, locale) => expect(negotiateLocale(header)).toBe(locale));
});
