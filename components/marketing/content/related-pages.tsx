import { useTranslations } from 'next-intl';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { Icon } from '../icons';
import { findContentPage } from './registry';

/** Links to neighbouring content pages, titled with their own headings. */
export function RelatedPages({ paths }: { paths: readonly string[] }) {
  const t = useTranslations('pages');
  const pages = paths.flatMap((path) => findContentPage(path) ?? []);
  if (pages.length === 0) return null;
  return (
    <section aria-labelledby="related-title" className="mx-auto max-w-5xl px-4 pb-16">
      <h2 id="related-title" className="text-xl font-semibold">
        {t('related')}
      </h2>
      <ul className="mt-5 grid gap-4 sm:grid-cols-3">
        {pages.map((page) => (
          <li key={page.path}>
            <Link
              href={page.path}
              prefetch={false}
              className="group flex h-full items-center justify-between gap-3 rounded-xl border border-surface-border bg-surface-raised p-5 font-semibold transition hover:border-primary-400 hover:text-primary-700 dark:hover:text-primary-300"
            >
              <span className="min-w-0 break-words">{t(`${page.key}.title`)}</span>
              <Icon name="arrowRight" className="h-4 w-4 shrink-0 transition group-hover:translate-x-0.5" />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
