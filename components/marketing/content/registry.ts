/**
 * The public content pages: where each lives, where its words are (a key in
 * messages/pages/<locale>.json), how it closes and what it links to. Routes
 * under app/[locale]/(marketing) look their page up here by path.
 */
import { FEATURES, WHY_CARDS } from '../landing-content';
import type { IconName } from '../icons';

/** Eyebrow above the heading; its label is `pages.groups.<group>`. */
export type PageGroup = 'features' | 'why' | 'product' | 'developers' | 'company' | 'legal';

/** How the page closes: to the pricing section or to the contact page. */
export type CtaKind = 'pricing' | 'contact';

export type ContentPageDef = {
  /** Locale-free path, e.g. `/security`. */
  path: string;
  /** Key of the page's messages in the `pages` namespace. */
  key: string;
  group: PageGroup;
  icon: IconName;
  gradient?: string;
  cta: CtaKind;
  /** `prose` for long reading (legal), `cards` for short sections side by side. */
  layout: 'cards' | 'prose';
  /** Paths of other content pages shown as "Related pages". */
  related: readonly string[];
  /** Sections whose heading links to the page that covers them in full (e.g. the legal index). */
  sectionLinks?: Readonly<Record<string, string>>;
};

type Def = Omit<ContentPageDef, 'path'>;

const STATIC_PAGES: Readonly<Record<string, Def>> = {
  '/security': {
    key: 'security',
    group: 'product',
    icon: 'lock',
    cta: 'pricing',
    layout: 'cards',
    related: ['/compliance', '/why/safety', '/legal/privacy'],
  },
  '/compliance': {
    key: 'compliance',
    group: 'product',
    icon: 'scale',
    cta: 'contact',
    layout: 'cards',
    related: ['/security', '/features/validator', '/legal'],
  },
  '/web-formulars': {
    key: 'webFormulars',
    group: 'product',
    icon: 'form',
    cta: 'pricing',
    layout: 'cards',
    related: ['/features/signing', '/why/compatibility', '/developers/api'],
  },
  '/developers/api': {
    key: 'developersApi',
    group: 'developers',
    icon: 'code',
    cta: 'contact',
    layout: 'cards',
    related: ['/developers/sdk', '/developers/signpad', '/features/api'],
  },
  '/developers/sdk': {
    key: 'developersSdk',
    group: 'developers',
    icon: 'puzzle',
    cta: 'contact',
    layout: 'cards',
    related: ['/developers/api', '/features/components', '/developers/community'],
  },
  '/developers/signpad': {
    key: 'developersSignpad',
    group: 'developers',
    icon: 'signature',
    cta: 'contact',
    layout: 'cards',
    related: ['/why/biometric-signature', '/developers/api', '/security'],
  },
  '/developers/blog': {
    key: 'developersBlog',
    group: 'developers',
    icon: 'document',
    cta: 'contact',
    layout: 'cards',
    related: ['/developers/api', '/developers/community', '/blog'],
  },
  '/developers/community': {
    key: 'developersCommunity',
    group: 'developers',
    icon: 'users',
    cta: 'contact',
    layout: 'cards',
    related: ['/developers/api', '/developers/sdk', '/developers/blog'],
  },
  '/about': {
    key: 'about',
    group: 'company',
    icon: 'building',
    cta: 'contact',
    layout: 'cards',
    related: ['/security', '/careers', '/blog'],
  },
  '/careers': {
    key: 'careers',
    group: 'company',
    icon: 'users',
    cta: 'contact',
    layout: 'cards',
    related: ['/about', '/developers/community', '/blog'],
  },
  '/blog': {
    key: 'blog',
    group: 'company',
    icon: 'document',
    cta: 'contact',
    layout: 'cards',
    related: ['/developers/blog', '/about', '/security'],
  },
  '/legal': {
    key: 'legal',
    group: 'company',
    icon: 'scale',
    cta: 'contact',
    layout: 'cards',
    related: ['/security', '/why/safety', '/about'],
    sectionLinks: { privacy: '/legal/privacy', terms: '/legal/terms', validity: '/compliance' },
  },
  '/legal/privacy': {
    key: 'privacy',
    group: 'legal',
    icon: 'shield',
    cta: 'contact',
    layout: 'prose',
    related: ['/legal/terms', '/security', '/legal'],
  },
  '/legal/terms': {
    key: 'terms',
    group: 'legal',
    icon: 'document',
    cta: 'contact',
    layout: 'prose',
    related: ['/legal/privacy', '/compliance', '/legal'],
  },
};

/** What each feature and why page links to, by slug. */
const FEATURE_RELATED: Readonly<Record<string, readonly string[]>> = {
  free: ['/features/signing', '/security', '/legal/terms'],
  signing: ['/features/validator', '/why/biometric-signature', '/compliance'],
  api: ['/developers/api', '/developers/sdk', '/features/components'],
  'web-formulars': ['/features/signing', '/why/compatibility', '/security'],
  components: ['/developers/sdk', '/developers/signpad', '/features/api'],
  validator: ['/compliance', '/security', '/features/signing'],
};

const WHY_RELATED: Readonly<Record<string, readonly string[]>> = {
  'biometric-signature': ['/developers/signpad', '/features/signing', '/security'],
  'trusted-by-thousands': ['/compliance', '/about', '/features/validator'],
  compatibility: ['/features/web-formulars', '/features/signing', '/developers/api'],
  safety: ['/security', '/compliance', '/legal/privacy'],
};

const featurePages: [string, Def][] = FEATURES.map(({ key, slug, icon, gradient }) => [
  `/features/${slug}`,
  {
    key: `features.${key}`,
    group: 'features',
    icon,
    gradient,
    cta: 'pricing',
    layout: 'cards',
    related: FEATURE_RELATED[slug] ?? [],
  },
]);

const whyPages: [string, Def][] = WHY_CARDS.map(({ key, slug, icon }) => [
  `/why/${slug}`,
  { key: `why.${key}`, group: 'why', icon, cta: 'pricing', layout: 'cards', related: WHY_RELATED[slug] ?? [] },
]);

const ALL: ReadonlyMap<string, ContentPageDef> = new Map(
  [...Object.entries(STATIC_PAGES), ...featurePages, ...whyPages].map(([path, def]) => [path, { path, ...def }]),
);

/** Every content page path (tests and the sitemap can walk this). */
export const CONTENT_PATHS: readonly string[] = [...ALL.keys()];

export const FEATURE_SLUGS: readonly string[] = FEATURES.map(({ slug }) => slug);
export const WHY_SLUGS: readonly string[] = WHY_CARDS.map(({ slug }) => slug);

/** The page at a locale-free path, or undefined (the route then answers 404). */
export function findContentPage(path: string): ContentPageDef | undefined {
  return ALL.get(path);
}
