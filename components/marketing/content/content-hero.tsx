import type { ReactNode } from 'react';
import { Icon, type IconName } from '../icons';

type HeroProps = {
  eyebrow: string;
  title: string;
  lead: string;
  icon: IconName;
  gradient?: string;
  note?: string;
  children?: ReactNode;
};

/** Opening band of a content page: group label, the page's only h1, its lead paragraph and optional actions. */
export function ContentHero({
  eyebrow,
  title,
  lead,
  icon,
  gradient = 'from-primary-600 to-info-600',
  note,
  children,
}: HeroProps) {
  return (
    <section
      aria-labelledby="page-title"
      className="border-b border-surface-border bg-gradient-to-b from-primary-50 to-surface dark:from-primary-950/60 dark:to-surface"
    >
      <div className="mx-auto max-w-4xl px-4 py-14 sm:py-20">
        <div className="flex items-center gap-3">
          <span
            className={`inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg bg-gradient-to-br text-white ${gradient}`}
          >
            <Icon name={icon} />
          </span>
          <p className="text-sm font-semibold tracking-wide text-primary-700 uppercase dark:text-primary-300">
            {eyebrow}
          </p>
        </div>
        <h1 id="page-title" className="mt-6 text-4xl font-bold tracking-tight text-balance break-words sm:text-5xl">
          {title}
        </h1>
        <p className="mt-5 max-w-3xl text-lg text-ink-muted sm:text-xl">{lead}</p>
        {note ? <p className="mt-4 text-sm text-ink-muted">{note}</p> : null}
        {children}
      </div>
    </section>
  );
}
