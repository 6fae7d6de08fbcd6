import { describe, expect, it } from 'vitest';
import { PRIVATE_PREFIXES, PUBLIC_PAGES } from '@/lib/seo/public-pages';
import { buildRobots, buildSitemap } from '@/lib/seo/sitemap';

// next-intl's `as-needed` prefixes: English at the root, the others under /<locale>.
const pathOf = (locale: string, path: string) => (locale === 'en' ? path : `/${locale}${path === '/' ? '' : path}`);
const base = new URL('https://sign.example/');
const locales = ['en', 'pt', 'cs', 'es'];

describe('buildSitemap', () => {
  const entries = buildSitemap({ base, pages: PUBLIC_PAGES, locales, defaultLocale: 'en', pathOf });

  it('lists every public page once per locale, absolute', () => {
    expect(entries).toHaveLength(PUBLIC_PAGES.length * locales.length);
    const urls = entries.map((entry) => entry.url);
    expect(new Set(urls).size).toBe(urls.length);
    expect(urls).toContain('https://sign.example');
    expect(urls).toContain('https://sign.example/cs');
    expect(urls).toContain('https://sign.example/pt/legal/privacy');
    expect(urls).toContain('https://sign.example/es/why/safety');
  });

  it('gives each entry every locale version and x-default as alternates', () => {
    const terms = entries.find((entry) => entry.url === 'https://sign.example/cs/legal/terms');
    expect(terms?.alternates?.languages).toEqual({
      en: 'https://sign.example/legal/terms',
      pt: 'https://sign.example/pt/legal/terms',
      cs: 'https://sign.example/cs/legal/terms',
      es: 'https://sign.example/es/legal/terms',
      'x-default': 'https://sign.example/legal/terms',
    });
  });

  it('includes the pages the marketing site promises', () => {
    for (const page of [
      '/',
      '/contact',
      '/developers/signpad',
      '/features/validator',
      '/why/compatibility',
      '/legal/terms',
    ]) {
      expect(PUBLIC_PAGES).toContain(page);
    }
  });
});

describe('buildRobots', () => {
  const robots = buildRobots({ base, privatePrefixes: PRIVATE_PREFIXES, localePrefixes: ['', '/pt', '/cs', '/es'] });
  const rule = Array.isArray(robots.rules) ? robots.rules[0] : robots.rules;

  it('allows the site, keeps the API and private areas out in every locale, and names the sitemap', () => {
    expect(rule).toMatchObject({ userAgent: '*', allow: '/' });
    expect(rule?.disallow).toEqual(
      expect.arrayContaining([
        '/api/',
        '/dashboard',
        '/document/',
        '/welcome',
        '/cs/dashboard',
        '/es/document/',
        '/pt/welcome',
      ]),
    );
    expect(robots.sitemap).toBe('https://sign.example/sitemap.xml');
  });
});
