import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { LandingPage } from '@/components/marketing/landing-page';
import { LandingJsonLd } from '@/components/seo/landing-json-ld';
import { landingMetadata } from '../landing-metadata';

/** Canonical: `/` (see landing-metadata.ts). */
export function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return landingMetadata(params);
}

/** `/web` (and `/pt/web`…): the same landing page at its second address, so links to it keep working. */
export default function WebPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return (
    <>
      <LandingPage />
      <LandingJsonLd />
    </>
  );
}
