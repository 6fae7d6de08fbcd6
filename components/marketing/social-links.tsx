import { useTranslations } from 'next-intl';
import { getEnv, type TEnv } from '@/lib/env';

/** Simplified glyphs of five networks, drawn for this page (16×16, currentColor), and the variable naming each one's page. */
const NETWORKS = [
  {
    name: 'LinkedIn',
    variable: 'SOCIAL_LINKEDIN_URL',
    d: 'M2 6h3v8H2zM3.5 1.5a1.6 1.6 0 1 1 0 3.2 1.6 1.6 0 0 1 0-3.2zM7 6h3v1.2C10.5 6.4 11.4 6 12.5 6 14.4 6 15 7.2 15 9.2V14h-3V9.8c0-1-.3-1.6-1.2-1.6S10 8.8 10 9.8V14H7z',
  },
  {
    name: 'X',
    variable: 'SOCIAL_X_URL',
    d: 'M2 1.5h3.6l3 4.2 3.7-4.2h1.8l-4.7 5.3 5.6 7.7h-3.6L8.2 10l-4 4.5H2.4l5-5.7z',
  },
  {
    name: 'Facebook',
    variable: 'SOCIAL_FACEBOOK_URL',
    d: 'M9.5 15V9h2l.4-2.5H9.5V5c0-.7.3-1.2 1.3-1.2H12V1.6C11.6 1.5 10.9 1.5 10.2 1.5 8.3 1.5 7 2.6 7 4.8v1.7H5V9h2v6z',
  },
  {
    name: 'YouTube',
    variable: 'SOCIAL_YOUTUBE_URL',
    d: 'M1 5.2C1 3.7 2 3 3.4 2.9 6.5 2.7 9.5 2.7 12.6 2.9 14 3 15 3.7 15 5.2v5.6c0 1.5-1 2.2-2.4 2.3-3.1.2-6.1.2-9.2 0C2 13 1 12.3 1 10.8zM6.5 5.5v5l4.2-2.5z',
  },
  {
    name: 'GitHub',
    variable: 'SOCIAL_GITHUB_URL',
    d: 'M8 1a7 7 0 0 0-2.2 13.6c.4.1.5-.2.5-.4v-1.3c-2 .4-2.4-.9-2.4-.9-.3-.8-.8-1-.8-1-.6-.5 0-.5 0-.5.7 0 1.1.7 1.1.7.6 1.1 1.7.8 2.1.6.1-.5.3-.8.5-1-1.6-.2-3.2-.8-3.2-3.5 0-.8.3-1.4.7-1.9 0-.2-.3-.9.1-1.9 0 0 .6-.2 1.9.7a6.6 6.6 0 0 1 3.5 0c1.3-.9 1.9-.7 1.9-.7.4 1 .1 1.7.1 1.9.4.5.7 1.1.7 1.9 0 2.7-1.6 3.3-3.2 3.5.3.2.5.7.5 1.3v2c0 .2.1.5.5.4A7 7 0 0 0 8 1z',
  },
] as const satisfies ReadonlyArray<{ name: string; variable: keyof TEnv; d: string }>;

export type TSocialLink = { name: string; href: string; d: string };

/** The networks the operator named a page on (docs/configuration.md); a network's home page would tell visitors nothing. */
export function socialLinks(
  env: Partial<Record<(typeof NETWORKS)[number]['variable'], string | undefined>>,
): TSocialLink[] {
  return NETWORKS.flatMap(({ name, variable, d }) => {
    const href = env[variable];
    return href ? [{ name, href, d }] : [];
  });
}

/** The footer's icons; nothing at all when no network is configured. */
export function SocialLinks({ links = socialLinks(getEnv()) }: { links?: TSocialLink[] }) {
  const t = useTranslations('landing.footer');
  if (links.length === 0) return null;
  return (
    <ul aria-label={t('social')} className="mt-6 flex gap-2">
      {links.map(({ name, href, d }) => (
        <li key={name}>
          <a
            href={href}
            target="_blank"
            rel="noopener"
            aria-label={t('network', { network: name })}
            className="inline-flex h-10 w-10 items-center justify-center rounded-lg text-ink-muted transition hover:bg-surface-sunken hover:text-primary-700 dark:hover:text-primary-300"
          >
            <svg aria-hidden="true" viewBox="0 0 16 16" className="h-5 w-5" fill="currentColor">
              <path d={d} />
            </svg>
          </a>
        </li>
      ))}
    </ul>
  );
}
