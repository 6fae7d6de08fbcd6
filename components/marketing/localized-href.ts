import { localizedPath } from '@/lib/i18n/localized-path';

/**
 * Locale-prefixed path for a plain <a>. Links into pages behind sign-in
 * (/welcome) must not be prefetching <Link>s: a prefetch would start a sign-in
 * nobody asked for.
 */
export function localizedHref(pathname: string, locale: string) {
  return localizedPath(pathname, locale);
}
