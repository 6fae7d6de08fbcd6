import { useTranslations } from 'next-intl';
import { PlanCards } from './plan-cards';
import { SectionHeading } from './section-heading';

/** The landing page's pricing section: heading and the three plans. */
export function PricingSection() {
  const t = useTranslations('landing.pricing');
  return (
    <section
      id="Pricing"
      aria-labelledby="Pricing-title"
      className="scroll-mt-[72px] bg-surface-sunken/60 py-20"
      data-reveal="left"
    >
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="Pricing-title" title={t('title')} lead={t('lead')} />
        <PlanCards />
      </div>
    </section>
  );
}
