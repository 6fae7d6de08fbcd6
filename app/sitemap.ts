import type { MetadataRoute } from 'next';
import { getPathname } from '@/lib/i18n/navigation';
import { defaultLocale, locales, type Locale } from '@/lib/i18n/routing';
import { PUBLIC_PAGES } from '@/lib/seo/public-pages';
import { siteUrl } from '@/lib/seo/site-url';
import { buildSitemap } from '@/lib/seo/sitemap';

/** /sitemap.xml: every public page in every locale, with hreflang alternates (built statically). */
export default function sitemap(): MetadataRoute.Sitemap {
  return buildSitemap({
    base: siteUrl(),
    pages: PUBLIC_PAGES,
    locales,
    defaultLocale,
    pathOf: (locale, href) => getPathname({ locale: locale as Locale, href }),
  });
}
