import { useLocale, useTranslations } from 'next-intl';
import { SiteHeader } from '@/components/layout/site-header';
import { getEnv } from '@/lib/env';
import { CtaSection } from './cta-section';
import { DevelopersSection } from './developers-section';
import { FaqSection } from './faq-section';
import { HashScroll } from './hash-scroll';
import { HeroSection } from './hero-section';
import { PricingSection } from './pricing-section';
import { RevealObserver } from './reveal-observer';
import { SideDots } from './side-dots';
import { SiteFooter } from './site-footer';
import { SolutionsSection } from './solutions-section';
import { TrustedSection } from './trusted-section';
import { localizedHref } from './localized-href';
import { WhySection } from './why-section';

/** Until a public docs site is configured (API_DOCS_URL), the button opens the built-in API page. */
const DEFAULT_API_DOCS = '/developers/api/reference';

/** The public landing page, sections in SECTION_IDS order. Everything static is server-rendered. */
export function LandingPage() {
  const nav = useTranslations('landing.nav');
  const locale = useLocale();
  const dots = [
    { id: 'Home', label: nav('home') },
    { id: 'Solutions', label: nav('solutions') },
    { id: 'Trusted', label: nav('trusted') },
  ];
  return (
    <>
      <SiteHeader onLanding />
      <main id="main" className="overflow-x-clip">
        <HeroSection />
        <SolutionsSection />
        <TrustedSection />
        <PricingSection />
        <WhySection />
        <DevelopersSection docsUrl={getEnv().API_DOCS_URL ?? localizedHref(DEFAULT_API_DOCS, locale)} />
        <FaqSection />
        <CtaSection />
      </main>
      <SiteFooter />
      {/* The side dots lead to the first three sections only: Home, Solutions and Trusted. */}
      <SideDots dots={dots} label={nav('dots')} />
      <RevealObserver />
      <HashScroll />
    </>
  );
}
