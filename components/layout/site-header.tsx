import { useLocale, useTranslations } from 'next-intl';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { getEnv } from '@/lib/env';
import { getPathname, Link } from '@/lib/i18n/navigation';
import { AppsPopover, type AppLink } from './apps-popover';
import { HeaderAccount } from './header-account';
import { HeaderNav } from './header-nav';
import { LanguageSelect } from './language-select';
import { MobileSidebar } from './mobile-sidebar';

/** External product addresses come from the server's environment; unset ones are hidden. */
function appLinks(): AppLink[] {
  const env = getEnv();
  const external: AppLink[] = (
    [
      ['web', env.EXTERNAL_WEB_URL],
      ['application', env.EXTERNAL_APP_URL],
      ['webforms', env.EXTERNAL_WEBFORMS_URL],
    ] as const
  ).flatMap(([key, href]) => (href ? [{ key, href, external: true }] : []));
  // The validator (SPEC §2: not implemented yet) is listed as coming, never as a dead link.
  return [...external, { key: 'validator', href: null, external: false }];
}

/**
 * Site header (SPEC §2 Header): brand, section nav (sidebar below 1166 px),
 * language, theme, apps, and "Sign In" or the avatar. At most 72 px tall.
 */
export function SiteHeader() {
  const t = useTranslations('common');
  const nav = useTranslations('landing.nav');
  const locale = useLocale();
  return (
    <header className="sticky top-0 z-30 h-[72px] max-h-header border-b border-surface-border bg-surface-raised/90 backdrop-blur">
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        <div className="flex items-center gap-1 sm:gap-3">
          <MobileSidebar />
          <Link href="/" aria-label={nav('homeLink')} className="flex items-center gap-2 rounded-lg px-1 text-xl font-bold tracking-tight text-primary-700 dark:text-primary-300">
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-7 w-7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
              <path d="M3 18c3-1 4-10 6-10s-1 10 1 10 3-6 4-6 0 4 2 4 3-2 5-2" />
            </svg>
            {t('brand')}
          </Link>
        </div>
        <HeaderNav />
        <div className="flex items-center gap-1">
          <LanguageSelect />
          <ThemeToggle />
          <AppsPopover apps={appLinks()} />
          <HeaderAccount signInHref={getPathname({ href: '/welcome', locale })} signInLabel={t('signIn')} />
        </div>
      </div>
    </header>
  );
}
