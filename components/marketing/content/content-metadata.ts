import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';
import type { ContentPageDef } from './registry';

/** Title, description (the lead), canonical and hreflang of one content page in one locale. */
export async function contentMetadata(page: ContentPageDef | undefined, locale: string): Promise<Metadata> {
  if (!page || !isLocale(locale)) return {};
  const t = await getTranslations({ locale, namespace: 'pages' });
  const brand = (await getTranslations({ locale, namespace: 'common' }))('brand');
  return pageMetadata({
    locale,
    path: page.path,
    title: `${t(`${page.key}.title`)} | ${brand}`,
    description: t(`${page.key}.description`),
  });
}
