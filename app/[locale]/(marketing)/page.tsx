import { setRequestLocale } from 'next-intl/server';
import { use } from 'react';
import { LandingPage } from '@/components/marketing/landing-page';

/** `/`, `/pt`, `/cs`, `/es`: the landing page, statically rendered per locale. */
export default function HomePage({ params }: { params: Promise<{ locale: string }> }) {
  const { locale } = use(params);
  setRequestLocale(locale);
  return <LandingPage />;
}
