// What a browser downloads for a page's first load: its scripts and stylesheets.
import { gzipSync } from 'node:zlib';

export type PageAssets = { scripts: string[]; stylesheets: string[] };

/**
 * Script and stylesheet addresses in an HTML page. `nomodule` scripts are left
 * out: they are the legacy-browser polyfills every current browser skips.
 */
export function pageAssets(html: string): PageAssets {
  const scripts = [...html.matchAll(/<script\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => !/\bnomodule\b/i.test(tag))
    .flatMap((tag) => attribute(tag, 'src'));
  const stylesheets = [...html.matchAll(/<link\b[^>]*>/gi)]
    .map(([tag]) => tag)
    .filter((tag) => /\brel=["']?stylesheet\b/i.test(tag))
    .flatMap((tag) => attribute(tag, 'href'));
  return { scripts: [...new Set(scripts)], stylesheets: [...new Set(stylesheets)] };
}

function attribute(tag: string, name: string): string[] {
  const match = new RegExp(`\\b${name}=["']([^"']+)["']`, 'i').exec(tag);
  return match?.[1] ? [match[1].replace(/&amp;/g, '&')] : [];
}

export type ScriptWeight = { src: string; bytes: number; gzipped: number };

/** Fetches each script and gzips it (zlib's default level, as servers send it). */
export async function scriptWeights(origin: string, scripts: readonly string[]): Promise<ScriptWeight[]> {
  return Promise.all(
    scripts.map(async (src) => {
      const response = await fetch(new URL(src, origin));
      if (!response.ok) throw new Error(`${src} answered ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      return { src, bytes: body.length, gzipped: gzipSync(body).length };
    }),
  );
}
