import { useTranslations } from 'next-intl';
import { FAQ_KEYS } from './constants';
import { FaqAccordion } from './faq-accordion';
import { SectionHeading } from './section-heading';

export function FaqSection() {
  const t = useTranslations('landing.faq');
  const items = FAQ_KEYS.map((key) => ({ id: key, question: t(`items.${key}.q`), answer: t(`items.${key}.a`) }));
  return (
    <section id="FAQ" aria-labelledby="FAQ-title" className="scroll-mt-[72px] py-20" data-reveal="right">
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading id="FAQ-title" title={t('title')} lead={t('lead')} />
        <FaqAccordion items={items} />
      </div>
    </section>
  );
}
