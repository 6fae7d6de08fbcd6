import { useTranslations } from 'next-intl';
import { FEATURES } from './constants';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

export function SolutionsSection() {
  const t = useTranslations('landing.solutions');
  return (
    <section id="Solutions" aria-labelledby="Solutions-title" className="scroll-mt-[72px] py-20" data-reveal="left">
      <div className="mx-auto max-w-6xl px-4">
        <SectionHeading id="Solutions-title" title={t('title')} lead={t('lead')} />
        <ul className="grid gap-6 why-2:grid-cols-2 developer:grid-cols-3">
          {FEATURES.map(({ key, slug, icon, gradient }) => {
            const title = t(`items.${key}.title`);
            return (
              <li key={key}>
                <FeatureCard
                  title={title}
                  text={t(`items.${key}.text`)}
                  icon={icon}
                  gradient={gradient}
                  href={`/features/${slug}`}
                  learnMore={t('learnMore')}
                  about={t('about', { title })}
                />
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
