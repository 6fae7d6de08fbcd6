import { readFileSync } from 'node:fs';
import path from 'node:path';
import { inlineScriptHashes } from '@/lib/http/security-headers.mjs';

/**
 * The inline-script hashes of a page Next.js prerendered at build time, by
 * its internal path (`/en`, `/cs/about`), or null when the page is rendered
 * per request (then a nonce does the job). A prerendered page is served as
 * the HTML file the build wrote, so hashing that file names exactly the
 * scripts the browser will see; no nonce can be put in it without giving up
 * static rendering. Read once per page and process: a new build means a new
 * process.
 */
type Lookup = (internalPath: string) => string[] | null;

type PrerenderManifest = { routes: Record<string, { routeType?: string; dataRoute?: string | null }> };

export function createPrerenderedScriptHashes(distDir: string): Lookup {
  let pages: Set<string> | undefined;
  const known = new Map<string, string[] | null>();

  function prerenderedPages(): Set<string> {
    if (pages) return pages;
    try {
      const manifest = JSON.parse(
        readFileSync(path.join(distDir, 'prerender-manifest.json'), 'utf8'),
      ) as PrerenderManifest;
      pages = new Set(
        Object.entries(manifest.routes)
          .filter(([, route]) => (route.routeType ?? 'page') === 'page')
          .map(([route]) => route),
      );
    } catch {
      pages = new Set(); // no production build here (next dev): every page is rendered per request
    }
    return pages;
  }

  return (internalPath) => {
    const route = internalPath.length > 1 ? internalPath.replace(/\/+$/, '') : internalPath;
    // Only the build's own pages are remembered (and only they name a file), so no address a visitor makes up does either.
    if (!prerenderedPages().has(route)) return null;
    if (known.has(route)) return known.get(route) ?? null;
    let hashes: string[] | null;
    try {
      hashes = inlineScriptHashes(readFileSync(path.join(distDir, 'server', 'app', `${route}.html`), 'utf8'));
    } catch {
      hashes = null; // listed but not written as HTML: rendered per request then
    }
    known.set(route, hashes);
    return hashes;
  };
}
