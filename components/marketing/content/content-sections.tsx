import { useTranslations } from 'next-intl';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { Icon } from '../icons';

type SectionMessages = { title: string; body: string; items?: Record<string, string> };

/** `dataWeCollect` → `data-we-collect`, the anchor of a section. */
function anchorOf(key: string) {
  return key.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/**
 * The page's sections, in catalogue order: `pages.<key>.sections.<name>` with a
 * title, a body and optional bullet items. Cards sit side by side; prose reads
 * top to bottom behind a table of contents.
 */
type SectionsProps = { messageKey: string; layout: 'cards' | 'prose'; links?: Readonly<Record<string, string>> };

export function ContentSections({ messageKey, layout, links = {} }: SectionsProps) {
  const t = useTranslations('pages');
  const sections = Object.keys(t.raw(`${messageKey}.sections`) as Record<string, SectionMessages>);
  const base = `${messageKey}.sections`;
  const items = (name: string) => {
    const raw = (t.raw(`${base}.${name}`) as SectionMessages).items;
    return raw ? Object.keys(raw).map((item) => t(`${base}.${name}.items.${item}`)) : [];
  };

  if (layout === 'prose') {
    return (
      <div className="mx-auto grid max-w-5xl gap-10 px-4 py-14 developer:grid-cols-[14rem_1fr]">
        <nav aria-label={t('toc')} className="developer:sticky developer:top-24 developer:self-start">
          <p className="text-sm font-semibold tracking-wide uppercase">{t('toc')}</p>
          <ol className="mt-3 space-y-2 text-sm">
            {sections.map((name) => (
              <li key={name}>
                <a
                  href={`#${anchorOf(name)}`}
                  className="text-ink-muted hover:text-primary-700 hover:underline dark:hover:text-primary-300"
                >
                  {t(`${base}.${name}.title`)}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="min-w-0 max-w-3xl space-y-10">
          {sections.map((name) => (
            <section
              key={name}
              id={anchorOf(name)}
              aria-labelledby={`${anchorOf(name)}-title`}
              className="scroll-mt-24"
            >
              <h2 id={`${anchorOf(name)}-title`} className="text-2xl font-semibold tracking-tight">
                {t(`${base}.${name}.title`)}
              </h2>
              <p className="mt-3 leading-relaxed text-ink-muted">{t(`${base}.${name}.body`)}</p>
              <BulletList items={items(name)} />
            </section>
          ))}
        </div>
      </div>
    );
  }

  return (
    // px breakpoints only: Tailwind emits rem ones (sm:) after the px theme screens, so sm: would override developer:.
    <ul
      className={`mx-auto grid max-w-5xl gap-6 px-4 py-14 why-2:grid-cols-2 ${sections.length === 3 ? 'developer:grid-cols-3' : ''}`}
    >
      {sections.map((name) => (
        <li key={name} className="rounded-xl border border-surface-border bg-surface-raised p-6 shadow-sm">
          <section aria-labelledby={`${anchorOf(name)}-title`}>
            <h2 id={`${anchorOf(name)}-title`} className="text-xl font-semibold">
              <SectionTitle title={t(`${base}.${name}.title`)} href={links[name]} />
            </h2>
            <p className="mt-3 leading-relaxed text-ink-muted">{t(`${base}.${name}.body`)}</p>
            <BulletList items={items(name)} />
          </section>
        </li>
      ))}
    </ul>
  );
}

function SectionTitle({ title, href }: { title: string; href?: string }) {
  if (!href) return title;
  return (
    <Link
      href={href}
      prefetch={false}
      className="group inline-flex items-center gap-2 text-primary-700 hover:underline dark:text-primary-300"
    >
      {title}
      <Icon name="arrowRight" className="h-4 w-4 shrink-0 transition group-hover:translate-x-0.5" />
    </Link>
  );
}

function BulletList({ items }: { items: string[] }) {
  if (items.length === 0) return null;
  return (
    <ul className="mt-4 space-y-2">
      {items.map((item) => (
        <li key={item} className="flex gap-3">
          <Icon name="check" className="mt-0.5 h-5 w-5 shrink-0 text-success-700 dark:text-success-400" />
          <span>{item}</span>
        </li>
      ))}
    </ul>
  );
}
