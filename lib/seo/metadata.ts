import type { Metadata } from 'next';
import seoCs from '@/messages/seo/cs.json';
import seoEn from '@/messages/seo/en.json';
import seoEs from '@/messages/seo/es.json';
import seoPt from '@/messages/seo/pt.json';
import { localizedPath } from '@/lib/i18n/localized-path';
import { type Locale, locales } from '@/lib/i18n/routing';

type PageMetadataOptions = {
  locale: Locale;
  /** Locale-free path of the page, e.g. `/` or `/security`. */
  path: string;
  title: string;
  description: string;
  /**
   * Locale-free path of the page search engines should index instead, when
   * this one shows the same content under a second address (`/web` → `/`).
   */
  canonicalPath?: string;
};

/** The shared preview image of each locale (app/[locale]/og-image.png/route.tsx). */
export const OG_IMAGE = { width: 1200, height: 630, type: 'image/png' } as const;

const ogImageAlt: Record<Locale, string> = {
  en: seoEn.ogImage.alt,
  pt: seoPt.ogImage.alt,
  cs: seoCs.ogImage.alt,
  es: seoEs.ogImage.alt,
};

export function ogImagePath(locale: Locale): string {
  return `/${locale}/og-image.png`;
}

/**
 * Metadata every public page carries: its title and description, the
 * canonical address of this locale's version, the hreflang alternates of the
 * others (x-default is English), and the Open Graph / Twitter card with the
 * locale's preview image. Addresses are relative; the locale layout's
 * metadataBase (the configured public URL) makes them absolute.
 */
export function pageMetadata({
  locale,
  path,
  title,
  description,
  canonicalPath = path,
}: PageMetadataOptions): Metadata {
  const href = (target: Locale) => localizedPath(canonicalPath, target);
  const languages: Record<string, string> = Object.fromEntries(locales.map((target) => [target, href(target)]));
  languages['x-default'] = href('en');
  const image = { url: ogImagePath(locale), ...OG_IMAGE, alt: ogImageAlt[locale] };
  return {
    title,
    description,
    alternates: { canonical: href(locale), languages },
    openGraph: {
      title,
      description,
      url: href(locale),
      siteName: 'Signet',
      locale,
      alternateLocale: locales.filter((other) => other !== locale),
      type: 'website',
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
  };
}
