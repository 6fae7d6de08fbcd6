import { useLocale, useTranslations } from 'next-intl';
import type { ReactNode } from 'react';
import { LocaleLink } from '@/components/i18n/locale-link';
import { ThemeToggle } from '@/components/theme/theme-toggle';
import { getEnv } from '@/lib/env';
import { localizedPath } from '@/lib/i18n/localized-path';
import { locales, type Locale } from '@/lib/i18n/routing';
import type { AppLink } from './apps-links';
import { AppsPopover } from './apps-popover';
import { HeaderAccount } from './header-account';
import { HeaderNav } from './header-nav';
import { LanguageSelect } from './language-select';
import { MobileSidebar } from './mobile-sidebar';
import {
  APP_NAV_ITEMS,
  type AppNavLink,
  type HeaderArea,
  type HeaderLinks,
  LANDING_PATH,
  NAV_ITEMS,
  type HeaderNavLink,
} from './nav-items';
import { PROFILE_LINKS, type ProfileText } from './profile-text';

/** External product addresses come from the server's environment; unset ones are hidden. */
function appLinks(locale: Locale): AppLink[] {
  const env = getEnv();
  const external: AppLink[] = (
    [
      ['web', env.EXTERNAL_WEB_URL],
      ['application', env.EXTERNAL_APP_URL],
      ['webforms', env.EXTERNAL_WEBFORMS_URL],
    ] as const
  ).flatMap(([key, href]) => (href ? [{ key, href, external: true }] : []));
  // The validator is this app's own public page (/validator), opened in the same tab.
  return [...external, { key: 'validator', href: localizedPath('/validator', locale), external: false }];
}

/** The name slot of the profile button's label: the server formats the message, the browser puts the user's name in. */
const NAME_SLOT = '{name}';

/**
 * Site header: brand, nav (sidebar below 1166 px),
 * language, theme, apps, and "Sign In" or the avatar. At most 72 px tall.
 * The nav holds the landing page's sections on the public pages and the
 * workspace's rooms on the signed-in ones (`area`, see nav-items.ts), so the
 * app is one tap away from any of its pages, on a phone too.
 *
 * Its client parts get their text and localized addresses as props, so the
 * public pages need none of next-intl's client runtime (about 12 kB gzipped
 * of every page's first-load JavaScript). `onLanding`: rendered by the
 * landing page (`/`, `/web`), where the section links scroll instead of navigate.
 */
export function SiteHeader({
  onLanding = false,
  area = 'marketing',
  workspace = null,
}: {
  onLanding?: boolean;
  area?: HeaderArea;
  /** The workspace switcher (the app's pages, components/teams/workspace-switcher.tsx), beside the brand. */
  workspace?: ReactNode;
}) {
  const t = useTranslations('common');
  const nav = useTranslations('landing.nav');
  const rooms = useTranslations('common.appNav');
  const apps = useTranslations('landing.apps');
  const menu = useTranslations('auth.menu');
  const locale = useLocale() as Locale;
  const links: HeaderNavLink[] = NAV_ITEMS.map((item) => ({
    id: item.id,
    label: nav(item.key),
    href: localizedPath(LANDING_PATH, locale) + (item.id === 'Home' ? '' : `#${item.id}`),
  }));
  const roomLinks: AppNavLink[] = APP_NAV_ITEMS.map((item) => ({
    id: item.id,
    label: rooms(item.id),
    href: localizedPath(item.href, locale),
  }));
  const navLinks: HeaderLinks = { area, sections: links, rooms: roomLinks };
  const navText = { mobileLabel: nav('mobileLabel'), open: nav('open'), close: nav('close'), brand: t('brand') };
  const languages = locales.map((code) => ({ locale: code, label: t(`languages.${code}`) }));
  const profile: ProfileText = {
    label: menu('label', { name: NAME_SLOT }),
    nameSlot: NAME_SLOT,
    signedInAs: menu('signedInAs'),
    logout: menu('logout'),
    loggingOut: menu('loggingOut'),
    logoutFailed: menu('logoutFailed'),
    links: PROFILE_LINKS.map((link) => ({ ...link, label: menu(link.key), href: localizedPath(link.href, locale) })),
  };
  return (
    <header className="sticky top-0 z-30 h-[72px] max-h-header border-b border-surface-border">
      {/* The blur sits on its own layer: a backdrop-filter on the header itself would make the header the
          containing block of the menu's fixed panel, which would then be 72 px tall instead of the viewport. */}
      <div aria-hidden="true" className="absolute inset-0 -z-10 bg-surface-raised/90 backdrop-blur" />
      <div className="mx-auto flex h-full max-w-7xl items-center justify-between gap-2 px-3 sm:px-4">
        {/* With a switcher, this side takes the room the others leave it (its name is cut), up to the desktop nav. */}
        <div className={`flex items-center gap-1 sm:gap-3 ${workspace ? 'min-w-0 flex-1 nav:flex-none' : ''}`}>
          <MobileSidebar links={navLinks} text={navText} onLanding={onLanding} />
          <LocaleLink
            href="/"
            aria-label={nav('homeLink')}
            className="flex items-center gap-2 rounded-lg px-1 text-xl font-bold tracking-tight text-primary-700 dark:text-primary-300"
          >
            <svg
              aria-hidden="true"
              viewBox="0 0 24 24"
              className="h-7 w-7"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="M3 18c3-1 4-10 6-10s-1 10 1 10 3-6 4-6 0 4 2 4 3-2 5-2" />
            </svg>
            {/* Beside the switcher, a phone keeps the mark and gives the name's room to the workspace's. */}
            {workspace ? <span className="hidden sm:inline">{t('brand')}</span> : t('brand')}
          </LocaleLink>
          {workspace}
        </div>
        <HeaderNav links={navLinks} label={nav('label')} onLanding={onLanding} />
        {/* Beside a switcher this side keeps its size (the switcher's name gives way); on marketing pages it may shrink. */}
        <div className={`flex items-center gap-1 ${workspace ? 'shrink-0' : ''}`}>
          <LanguageSelect locale={locale} label={t('language')} languages={languages} />
          <ThemeToggle
            text={{
              label: t('theme.label'),
              system: t('theme.system'),
              light: t('theme.light'),
              dark: t('theme.dark'),
            }}
          />
          <AppsPopover
            apps={appLinks(locale).map((app) => ({ ...app, label: apps(app.key) }))}
            text={{ label: apps('label'), newTab: apps('newTab'), soon: apps('soon') }}
          />
          <HeaderAccount
            signInHref={localizedPath('/welcome', locale)}
            signInLabel={t('signIn')}
            profile={profile}
            locale={locale}
          />
        </div>
      </div>
    </header>
  );
}
