import { localizedPath } from '@/lib/i18n/localized-path';

/**
 * Locale-prefixed path for a plain <a>. Links into pages behind sign-in
 * (/welcome) must not be prefetching <Link>s (DESIGN §11).
 */
export function localizedHref(pathname: string, locale: string) {
  return localizedPath(pathname, locale);
}
