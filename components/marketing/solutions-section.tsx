import { useTranslations } from 'next-intl';
import { FeatureGrid } from './feature-grid';
import { SectionHeading } from './section-heading';

export function SolutionsSection() {
  const t = useTranslations('landing.solutions');
  return (
    <section id="Solutions" aria-labelledby="Solutions-title" className="scroll-mt-[72px] py-20" data-reveal="left">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="Solutions-title" title={t('title')} lead={t('lead')} />
        <FeatureGrid />
      </div>
    </section>
  );
}
