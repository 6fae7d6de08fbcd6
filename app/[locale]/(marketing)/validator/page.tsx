import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { ValidatorPage } from '@/components/validator/validator-page';
import { type Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'validator.meta' });
  return pageMetadata({
    locale: locale as Locale,
    path: '/validator',
    title: t('title'),
    description: t('description'),
  });
}

/** `/validator` (and `/pt/validator`…): statically rendered per locale; the check itself runs in the browser against the API. */
export default function Validator({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <ValidatorPage />;
}
