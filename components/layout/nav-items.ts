/** Header navigation (SPEC §2 Header): section id on the landing page and its label key in landing.nav. */
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

/** The landing page answers at `/` and at `/web` (SPEC §2 Routes). */
export const LANDING_PATH = '/web';
