import type { Metadata } from 'next';
import { getPathname } from '@/lib/i18n/navigation';
import { type Locale, locales } from '@/lib/i18n/routing';

type PageMetadataOptions = {
  locale: Locale;
  /** Locale-free path of the page, e.g. `/` or `/security`. */
  path: string;
  title: string;
  description: string;
};

/**
 * Metadata every public page carries: its title and description, the
 * canonical address of this locale's version and the hreflang alternates of
 * the others (x-default is English). Addresses are relative; the root
 * layout's metadataBase makes them absolute.
 */
export function pageMetadata({ locale, path, title, description }: PageMetadataOptions): Metadata {
  const href = (target: Locale) => getPathname({ locale: target, href: path });
  const languages: Record<string, string> = Object.fromEntries(locales.map((target) => [target, href(target)]));
  languages['x-default'] = href('en');
  return {
    title,
    description,
    alternates: { canonical: href(locale), languages },
    openGraph: { title, description, url: href(locale), locale, type: 'website' },
  };
}
