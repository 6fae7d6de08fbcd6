import { useTranslations } from 'next-intl';
import { FEATURES } from './landing-content';
import { FeatureCard } from './feature-card';

/** The six feature cards, each leading to its /features/<slug> page (the validator's to the validator): the landing section and /features. */
export function FeatureGrid({ level = 3 }: { level?: 2 | 3 }) {
  const t = useTranslations('landing.solutions');
  return (
    <ul className="grid gap-6 why-2:grid-cols-2 developer:grid-cols-3">
      {FEATURES.map(({ key, slug, icon, gradient, href }) => {
        const title = t(`items.${key}.title`);
        return (
          <li key={key}>
            <FeatureCard
              title={title}
              text={t(`items.${key}.text`)}
              icon={icon}
              gradient={gradient}
              href={href ?? `/features/${slug}`}
              learnMore={t('learnMore')}
              about={t('about', { title })}
              level={level}
            />
          </li>
        );
      })}
    </ul>
  );
}
