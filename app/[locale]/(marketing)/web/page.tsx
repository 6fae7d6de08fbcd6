import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { LandingPage } from '@/components/marketing/landing-page';

/** `/web` (and `/pt/web`…): the same landing page under the route SPEC §2 names. */
export default function WebPage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <LandingPage />;
}
