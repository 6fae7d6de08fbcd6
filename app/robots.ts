import type { MetadataRoute } from 'next';
import { getPathname } from '@/lib/i18n/navigation';
import { locales } from '@/lib/i18n/routing';
import { PRIVATE_PREFIXES } from '@/lib/seo/public-pages';
import { siteUrl } from '@/lib/seo/site-url';
import { buildRobots } from '@/lib/seo/sitemap';

/** /robots.txt: the public site is crawlable; the API, workspace and signing areas are not. */
export default function robots(): MetadataRoute.Robots {
  const localePrefixes = locales.map((locale) => getPathname({ locale, href: '/' }).replace(/\/$/, ''));
  return buildRobots({ base: siteUrl(), privatePrefixes: PRIVATE_PREFIXES, localePrefixes });
}
