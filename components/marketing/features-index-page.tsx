import { useTranslations } from 'next-intl';
import { ContentCta } from './content/content-cta';
import { ContentHero } from './content/content-hero';
import { ContentShell } from './content/content-shell';
import { FeatureGrid } from './feature-grid';

/** /features (the footer's Features): every feature card, each leading to its own page. */
export function FeaturesIndexPage() {
  const pages = useTranslations('pages');
  const solutions = useTranslations('landing.solutions');
  return (
    <ContentShell>
      <ContentHero
        eyebrow={pages('groups.features')}
        title={solutions('title')}
        lead={solutions('lead')}
        icon="puzzle"
      />
      <div className="mx-auto max-w-6xl px-4 py-14 sm:py-16">
        <FeatureGrid level={2} />
      </div>
      <ContentCta kind="pricing" />
    </ContentShell>
  );
}
