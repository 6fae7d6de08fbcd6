import { routing } from './routing';

/**
 * The address of an internal path in a locale, as next-intl's getPathname
 * gives it for this routing (`localePrefix: 'as-needed'`, no localized
 * pathnames): `/pricing` → `/cs/pricing`, `/` → `/cs`, English unprefixed.
 *
 * Why not getPathname itself: importing next-intl/navigation from a server
 * component also imports next-intl's client <Link>, and Turbopack puts every
 * client module a page's server code imports into that page's first-load
 * chunks, with next-intl's client runtime (about 12 kB gzipped) behind it.
 * tests/unit/i18n/localized-path.test.ts keeps the two in agreement.
 */
export function localizedPath(href: string, locale: string): string {
  if (locale === routing.defaultLocale || !href.startsWith('/')) return href;
  // next-intl's prefixPathname: the root (with or without a query) takes no trailing slash.
  return `/${locale}${/^\/(\?.*)?$/.test(href) ? href.slice(1) : href}`;
}
