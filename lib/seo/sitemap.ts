import type { MetadataRoute } from 'next';
import { absoluteUrl } from './site-url';

type SitemapOptions = {
  /** The site's public address (APP_URL). */
  base: URL;
  /** Locale-free paths of the public pages. */
  pages: readonly string[];
  locales: readonly string[];
  defaultLocale: string;
  /** The address of a locale-free path in one locale (next-intl's getPathname). */
  pathOf: (locale: string, path: string) => string;
};

/**
 * One sitemap entry per public page and locale, each listing every locale's
 * version as an hreflang alternate (plus x-default, the default locale), so
 * search engines find and group all translations.
 */
export function buildSitemap({ base, pages, locales, defaultLocale, pathOf }: SitemapOptions): MetadataRoute.Sitemap {
  const url = (locale: string, path: string) => absoluteUrl(pathOf(locale, path), base);
  return pages.flatMap((path) => {
    const languages: Record<string, string> = Object.fromEntries(locales.map((locale) => [locale, url(locale, path)]));
    languages['x-default'] = url(defaultLocale, path);
    return locales.map((locale) => ({
      url: url(locale, path),
      changeFrequency: 'weekly' as const,
      priority: path === '/' ? 1 : 0.7,
      alternates: { languages },
    }));
  });
}

type RobotsOptions = {
  base: URL;
  /** Locale-free prefixes of the private areas. */
  privatePrefixes: readonly string[];
  /** URL prefixes of the locales ('' for the unprefixed default locale). */
  localePrefixes: readonly string[];
};

/** robots.txt: the public site is open; the API and private areas are not, under every locale prefix. */
export function buildRobots({ base, privatePrefixes, localePrefixes }: RobotsOptions): MetadataRoute.Robots {
  const disallow = ['/api/', ...localePrefixes.flatMap((prefix) => privatePrefixes.map((path) => `${prefix}${path}`))];
  return {
    rules: [{ userAgent: '*', allow: '/', disallow }],
    sitemap: absoluteUrl('/sitemap.xml', base),
  };
}
