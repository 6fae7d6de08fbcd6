import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { FeaturesIndexPage } from '@/components/marketing/features-index-page';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [solutions, page, brand] = await Promise.all([
    getTranslations({ locale, namespace: 'landing.solutions' }),
    getTranslations({ locale, namespace: 'pages.featuresIndex' }),
    getTranslations({ locale, namespace: 'common' }),
  ]);
  return pageMetadata({
    locale: locale as Locale,
    path: '/features',
    title: `${solutions('title')} | ${brand('brand')}`,
    description: page('description'),
  });
}

/** `/features`: every feature card, each leading to /features/<slug>; statically rendered per locale. */
export default function Features({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <FeaturesIndexPage />;
}
