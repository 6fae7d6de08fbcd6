import { describe, expect, it } from 'vitest';
import { getPathname } from '@/lib/i18n/navigation';
import { localizedPath } from '@/lib/i18n/localized-path';
import { locales } from '@/lib/i18n/routing';

describe('localizedPath', () => {
  const hrefs = [
    '/',
    '/?plan=pro',
    '/web',
    '/web#Pricing',
    '/features/signing',
    '/contact?topic=sales',
    '/developers/api',
    'https://example.com/x',
    '#FAQ',
  ];

  it("gives next-intl's getPathname for every locale", () => {
    for (const locale of locales) {
      for (const href of hrefs)
        expect(localizedPath(href, locale), `${locale} ${href}`).toBe(getPathname({ href, locale }));
    }
  });

  it('prefixes all but the default locale', () => {
    expect(localizedPath('/', 'en')).toBe('/');
    expect(localizedPath('/', 'cs')).toBe('/cs');
    expect(localizedPath('/web', 'pt')).toBe('/pt/web');
  });
});
