import type { Metadata } from 'next';
import { getTranslations, setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { ContactPage } from '@/components/contact/contact-page';
import { type Locale } from '@/lib/i18n/routing';
import { pageMetadata } from '@/lib/seo/metadata';

type Props = { params: Promise<{ locale: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params;
  const t = await getTranslations({ locale, namespace: 'contact.meta' });
  return pageMetadata({ locale: locale as Locale, path: '/contact', title: t('title'), description: t('description') });
}

/** `/contact` (and `/pt/contact`…): statically rendered per locale; `?topic=`/`?plan=` are read in the browser. */
export default function Contact({ params }: Props) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <ContactPage />;
}
