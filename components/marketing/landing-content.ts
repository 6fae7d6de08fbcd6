/** Fixed content of the landing page; words live in messages/*.json. */
import type { IconName } from './icons';

/** Anchor ids in page order; also the #fragments the header links to. */
export const SECTION_IDS = ['Home', 'Solutions', 'Trusted', 'Pricing', 'Why', 'Developers', 'FAQ'] as const;
export type SectionId = (typeof SECTION_IDS)[number];

/** Feature cards; "Learn More" goes to `href` when set (the validator itself), else to /features/<slug>. */
export const FEATURES: ReadonlyArray<{ key: string; slug: string; icon: IconName; gradient: string; href?: string }> = [
  { key: 'free', slug: 'free', icon: 'gift', gradient: 'from-primary-500 to-info-500' },
  { key: 'signing', slug: 'signing', icon: 'pen', gradient: 'from-primary-600 to-primary-400' },
  { key: 'api', slug: 'api', icon: 'code', gradient: 'from-info-600 to-success-500' },
  { key: 'webFormulars', slug: 'web-formulars', icon: 'form', gradient: 'from-warning-500 to-danger-500' },
  { key: 'components', slug: 'components', icon: 'puzzle', gradient: 'from-success-600 to-info-500' },
  {
    key: 'validator',
    slug: 'validator',
    icon: 'shieldCheck',
    gradient: 'from-primary-700 to-danger-400',
    href: '/validator',
  },
];

/**
 * Free starts at /welcome (sign-up begins there). Until billing exists, Pro is
 * a request to sales: the contact form with the Pro plan preselected. Enterprise
 * opens the same form with the Enterprise plan.
 */
export const PLANS = [
  { key: 'free', price: '$0', perMonth: true, features: ['documents', 'templates', 'notifications'], href: '/welcome' },
  {
    key: 'pro',
    price: '$29',
    perMonth: true,
    features: ['unlimited', 'templates', 'audit', 'support'],
    href: '/contact?plan=pro',
    popular: true,
  },
  {
    key: 'enterprise',
    price: null,
    perMonth: false,
    features: ['api', 'sso', 'manager', 'sla'],
    href: '/contact?topic=enterprise',
  },
] as const;

/**
 * What Pro adds to Free: the upgrade offer shown when Free's monthly limit
 * refuses an upload lists only these. No document limit is the one difference
 * the product enforces (lib/server/documents/upload/check-upload-quota.ts); priority
 * support is the sales team's promise. The audit trail and reminders come with
 * every plan, and templates are not in the product yet, so neither is sold as an upgrade.
 */
export const PRO_ADDS = ['unlimited', 'support'] as const satisfies readonly (typeof PLANS)[1]['features'][number][];

/**
 * Why cards. Each "Learn More" goes to a /why/<slug> page that explains the
 * claim in depth (built with the content pages).
 */
export const WHY_CARDS: ReadonlyArray<{ key: string; slug: string; icon: IconName }> = [
  { key: 'biometric', slug: 'biometric-signature', icon: 'fingerprint' },
  { key: 'trusted', slug: 'trusted-by-thousands', icon: 'users' },
  { key: 'compatible', slug: 'compatibility', icon: 'devices' },
  { key: 'safety', slug: 'safety', icon: 'lock' },
];

export const STATS = [
  { value: '50M+', key: 'documents' },
  { value: '10K+', key: 'companies' },
  { value: '99.9%', key: 'uptime' },
  { value: '24/7', key: 'support' },
] as const;

export const DEVELOPER_BENEFITS: ReadonlyArray<{ key: string; icon: IconName }> = [
  { key: 'documents', icon: 'document' },
  { key: 'institution', icon: 'building' },
  { key: 'signature', icon: 'signature' },
];

export const FAQ_KEYS = ['binding', 'security', 'storage', 'api', 'free'] as const;

/** Testimonials: company names are proper nouns, so they stay out of the catalogues. */
export const TESTIMONIALS = [
  { review: 'one', company: 'Lexbridge Legal', logo: 'lexbridge' },
  { review: 'two', company: 'Cargonaut Logistics', logo: 'cargonaut' },
  { review: 'three', company: 'Meridian Health', logo: 'meridian' },
] as const;
