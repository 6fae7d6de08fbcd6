import { useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { ContentCta } from './content-cta';
import { ContentHero } from './content-hero';
import { ContentSections } from './content-sections';
import { ContentShell } from './content-shell';
import type { ContentPageDef } from './registry';
import { RelatedPages } from './related-pages';

/**
 * A public content page from its catalogue entry: hero with the h1 and lead,
 * the sections, optional extra content (e.g. the API contract), related pages
 * and the closing call to action, inside the site's header and footer.
 */
export function ContentPage({ page, children }: { page: ContentPageDef; children?: ReactNode }) {
  const t = useTranslations('pages');
  const note = page.group === 'legal' && page.layout === 'prose' ? t('updated', { date: t('legalDate') }) : undefined;
  return (
    <ContentShell>
      <article>
        <ContentHero
          eyebrow={t(`groups.${page.group}`)}
          title={t(`${page.key}.title`)}
          lead={t(`${page.key}.lead`)}
          icon={page.icon}
          gradient={page.gradient}
          note={note}
        />
        <ContentSections messageKey={page.key} layout={page.layout} links={page.sectionLinks} />
        {children}
      </article>
      <RelatedPages paths={page.related} />
      <ContentCta kind={page.cta} />
    </ContentShell>
  );
}
