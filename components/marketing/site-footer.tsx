import { useTranslations } from 'next-intl';
import { LocaleLink as Link } from '@/components/i18n/locale-link';
import { SocialLinks } from './social-links';

/** Footer targets: content pages (components/marketing/content/registry.ts), /features, /pricing and /contact. */
const GROUPS: ReadonlyArray<{ key: string; links: ReadonlyArray<{ key: string; href: string }> }> = [
  {
    key: 'product',
    links: [
      { key: 'features', href: '/features' },
      { key: 'pricing', href: '/pricing' },
      { key: 'security', href: '/security' },
      { key: 'compliance', href: '/compliance' },
      { key: 'webFormulars', href: '/web-formulars' },
    ],
  },
  {
    key: 'developers',
    links: [
      { key: 'api', href: '/developers/api' },
      { key: 'sdk', href: '/developers/sdk' },
      { key: 'signpad', href: '/developers/signpad' },
      { key: 'blog', href: '/developers/blog' },
      { key: 'community', href: '/developers/community' },
    ],
  },
  {
    key: 'company',
    links: [
      { key: 'about', href: '/about' },
      { key: 'careers', href: '/careers' },
      { key: 'blog', href: '/blog' },
      { key: 'contact', href: '/contact' },
      { key: 'legal', href: '/legal' },
    ],
  },
];

export function SiteFooter() {
  const t = useTranslations('landing.footer');
  const brand = useTranslations('common')('brand');
  return (
    <footer className="border-t border-surface-border bg-surface-raised">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-14 developer:grid-cols-[1.3fr_2fr]">
        <div>
          <p className="text-xl font-bold text-primary-700 dark:text-primary-300">{brand}</p>
          <p className="mt-3 max-w-xs text-ink-muted">{t('tagline')}</p>
          <SocialLinks />
        </div>
        <nav aria-label={t('label')} className="grid grid-cols-2 gap-8 why-2:grid-cols-3">
          {GROUPS.map((group) => (
            <div key={group.key}>
              <h2 className="text-sm font-semibold tracking-wide uppercase">{t(`${group.key}.title`)}</h2>
              <ul className="mt-4 space-y-3">
                {group.links.map((link) => (
                  <li key={link.key}>
                    <Link
                      href={link.href}
                      prefetch={false}
                      className="text-ink-muted hover:text-primary-700 hover:underline dark:hover:text-primary-300"
                    >
                      {t(`${group.key}.${link.key}`)}
                    </Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
      </div>
      <p className="border-t border-surface-border px-4 py-6 text-center text-sm text-ink-muted">
        {t('rights', { year: new Date().getFullYear() })}
      </p>
    </footer>
  );
}
