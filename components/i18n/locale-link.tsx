import NextLink from 'next/link';
import { useLocale } from 'next-intl';
import type { ComponentProps } from 'react';
import { localizedPath } from '@/lib/i18n/localized-path';

type Href = string | { pathname: string; hash?: string };

/**
 * A localized next/link for server components. next-intl's <Link> renders a
 * client wrapper that reads the locale in the browser, which puts next-intl's
 * whole client runtime (about 12 kB gzipped, the ICU message parser included)
 * into the first load of every page showing a link; here the server resolves
 * the address (localizedPath, not getPathname: see there why) and the
 * browser gets plain next/link, which Next loads anyway.
 * (Same markup: without a `locale` prop next-intl's Link renders next/link too.)
 */
export function LocaleLink({ href, ...props }: Omit<ComponentProps<typeof NextLink>, 'href'> & { href: Href }) {
  const locale = useLocale();
  const pathname = localizedPath(typeof href === 'string' ? href : href.pathname, locale);
  return <NextLink href={typeof href === 'string' ? pathname : { ...href, pathname }} {...props} />;
}
