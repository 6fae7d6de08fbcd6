import { getEnv } from '@/lib/env';

/**
 * The configured public address (APP_URL, else http://localhost:$PORT) as the
 * base of every absolute URL in metadata, the sitemap and robots.txt. Static
 * pages read it at build time, so scripts/boot.ts rebuilds when it changes.
 */
export function siteUrl(): URL {
  return new URL(`${getEnv().appUrl}/`);
}

/**
 * Absolute address of a path on this site, written the way Next.js writes
 * canonical and alternate links (the site root without a trailing slash), so
 * the sitemap, JSON-LD and <link> tags name each page identically.
 */
export function absoluteUrl(path: string, base: URL = siteUrl()): string {
  const url = new URL(path, base);
  return url.pathname === '/' && !url.search && !url.hash ? url.origin : url.toString();
}
