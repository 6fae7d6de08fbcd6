/**
 * Every public, indexable page, as a locale-free path. The sitemap lists each
 * of them once per locale (with hreflang alternates); pages that are not here
 * (the workspace, signing links, the API) stay out of search engines.
 * Add a page here when it ships.
 */
export const PUBLIC_PAGES = [
  '/',
  '/pricing',
  '/features',
  '/web/free',
  '/contact',
  '/security',
  '/compliance',
  '/web-formulars',
  '/about',
  '/careers',
  '/blog',
  '/legal',
  '/legal/privacy',
  '/legal/terms',
  '/developers/api',
  '/developers/api/reference',
  '/developers/sdk',
  '/developers/signpad',
  '/developers/blog',
  '/developers/community',
  '/features/free',
  '/features/signing',
  '/features/api',
  '/features/web-formulars',
  '/features/components',
  '/features/validator',
  '/validator',
  '/why/biometric-signature',
  '/why/trusted-by-thousands',
  '/why/compatibility',
  '/why/safety',
] as const;

export type PublicPage = (typeof PUBLIC_PAGES)[number];

/**
 * Private areas crawlers are asked to leave alone (robots.txt), as
 * locale-free prefixes; each is disallowed under every locale prefix too.
 */
export const PRIVATE_PREFIXES = ['/dashboard', '/document/', '/welcome'] as const;
