import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { LandingPage } from '@/components/marketing/landing-page';
import { LandingJsonLd } from '@/components/seo/landing-json-ld';
import { landingMetadata } from './landing-metadata';

export function generateMetadata({ params }: { params: Promise<{ locale: string }> }) {
  return landingMetadata(params);
}

/** `/`, `/pt`, `/cs`, `/es`: the landing page, statically rendered per locale. */
export default function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return (
    <>
      <LandingPage />
      <LandingJsonLd />
    </>
  );
}
