/** Header navigation: section id on the landing page and its label key in landing.nav. */
export const NAV_ITEMS = [
  { id: 'Home', key: 'home' },
  { id: 'Solutions', key: 'solutions' },
  { id: 'Pricing', key: 'pricing' },
  { id: 'Developers', key: 'developers' },
  { id: 'FAQ', key: 'faq' },
] as const;

export type NavItem = (typeof NAV_ITEMS)[number];

/** A nav item as the header's client parts get it: translated, its address localized (section as #fragment). */
export type HeaderNavLink = { id: NavItem['id']; label: string; href: string };

/** The landing page answers at `/` and at `/web`; the header's section links from other pages use `/web`. */
export const LANDING_PATH = '/web';

/**
 * The workspace's rooms, in header order: what the header and the phone menu
 * lead to once signed in, in place of the landing page's sections. A new room
 * is one line here and its label in common.appNav (every language).
 */
export const APP_NAV_ITEMS = [
  { id: 'dashboard', href: '/dashboard' },
  { id: 'upload', href: '/welcome' },
  { id: 'validator', href: '/validator' },
] as const;

export type AppNavItem = (typeof APP_NAV_ITEMS)[number];

/** An app room as the header's client parts get it: translated, its address localized. */
export type AppNavLink = { id: AppNavItem['id']; label: string; href: string };

/**
 * Which links the header shows: `marketing` the landing page's sections (the
 * public pages), `app` the workspace's rooms (the signed-in pages), `shared`
 * a public page that is also a room (the validator): the sections to a
 * visitor, the rooms once the session says someone is signed in.
 */
export type HeaderArea = 'marketing' | 'app' | 'shared';

/** Both lists, as SiteHeader hands them to the nav and the phone menu, which pick one by `area` (use-header-links.ts). */
export type HeaderLinks = { area: HeaderArea; sections: HeaderNavLink[]; rooms: AppNavLink[] };
