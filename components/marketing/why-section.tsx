import { useTranslations } from 'next-intl';
import { STATS, WHY_CARDS } from './landing-content';
import { FeatureCard } from './feature-card';
import { SectionHeading } from './section-heading';

/** Four benefit cards (4, 2 or 1 columns at 1200, 868 and 582 px) beside the statistics. */
export function WhySection() {
  const t = useTranslations('landing.why');
  return (
    <section id="Why" aria-labelledby="Why-title" className="scroll-mt-[72px] py-20" data-reveal="right">
      <div className="mx-auto max-w-7xl px-4">
        <SectionHeading id="Why-title" title={t('title')} lead={t('lead')} />
        <ul className="grid grid-cols-1 gap-6 why-2:grid-cols-2 why-2-wide:gap-8 why-4:grid-cols-4" data-why-grid="">
          {WHY_CARDS.map(({ key, slug, icon }) => {
            const title = t(`cards.${key}.title`);
            return (
              <li key={key}>
                <FeatureCard
                  title={title}
                  text={t(`cards.${key}.text`)}
                  icon={icon}
                  href={`/why/${slug}`}
                  learnMore={t('learnMore')}
                  about={t('about', { title })}
                />
              </li>
            );
          })}
        </ul>
        <h3 className="sr-only">{t('stats.label')}</h3>
        <dl className="mt-12 grid grid-cols-2 gap-6 rounded-xl bg-primary-900 p-8 text-center text-white why-2-wide:grid-cols-4 dark:bg-primary-950">
          {STATS.map(({ value, key }) => (
            <div key={key} className="flex flex-col-reverse">
              <dt className="mt-1 text-primary-100">{t(`stats.${key}`)}</dt>
              <dd className="text-3xl font-extrabold tracking-tight sm:text-4xl" data-stat="">
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
