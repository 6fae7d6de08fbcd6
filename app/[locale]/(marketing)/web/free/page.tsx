import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { FreePlanPage } from '@/components/marketing/free-plan-page';
import type { Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const [t, brand] = await Promise.all([
    getTranslations({ locale, namespace: 'pages.freePlan' }),
    getTranslations({ locale, namespace: 'common' }),
  ]);
  return pageMetadata({
    locale: locale as Locale,
    path: '/web/free',
    title: `${t('title')} | ${brand('brand')}`,
    description: t('description'),
  });
}

/** `/web/free`: the Free plan and its start; statically rendered per locale. */
export default function WebFree({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <FreePlanPage />;
}
