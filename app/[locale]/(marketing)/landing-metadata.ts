import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { isLocale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

/**
 * Title, description, canonical, alternates and preview of the landing page.
 * `/web` shows the same page as `/` (links to either address keep working), so
 * both name `/` as canonical: search engines index one address and keep its ranking.
 */
export async function landingMetadata(params: Promise<{ locale: string }>): Promise<Metadata> {
  const { locale: requested } = await params;
  const locale = isLocale(requested) ? requested : 'en';
  const t = await getTranslations({ locale, namespace: 'metadata' });
  return pageMetadata({ locale, path: '/', title: t('title'), description: t('description') });
}
