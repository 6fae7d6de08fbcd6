import { useTranslations } from 'next-intl';
import { FAQ_KEYS } from './landing-content';
import { FaqAccordion } from './faq-accordion';
import { Icon } from './icons';
import { SectionHeading } from './section-heading';

export function FaqSection() {
  const t = useTranslations('landing.faq');
  const items = FAQ_KEYS.map((key) => ({ id: key, question: t(`items.${key}.q`), answer: t(`items.${key}.a`) }));
  return (
    <section id="FAQ" aria-labelledby="FAQ-title" className="scroll-mt-[72px] py-20" data-reveal="right">
      <div className="mx-auto max-w-3xl px-4">
        <SectionHeading id="FAQ-title" title={t('title')} lead={t('lead')} />
        <FaqAccordion
          items={items}
          chevron={
            <Icon
              name="chevronDown"
              className="h-5 w-5 shrink-0 transition duration-[400ms] group-data-open:rotate-180"
            />
          }
        />
      </div>
    </section>
  );
}
