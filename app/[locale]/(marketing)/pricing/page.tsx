import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { PricingPage } from '@/components/marketing/pricing-page';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [pricing, page, brand] = await Promise.all([
    getTranslations({ locale, namespace: 'landing.pricing' }),
    getTranslations({ locale, namespace: 'pages.pricingPage' }),
    getTranslations({ locale, namespace: 'common' }),
  ]);
  return pageMetadata({
    locale: locale as Locale,
    path: '/pricing',
    title: `${pricing('title')} | ${brand('brand')}`,
    description: page('description'),
  });
}

/** `/pricing` (and `/pt/pricing`…): the plans and what happens next, statically rendered per locale. */
export default function Pricing({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <PricingPage />;
}
