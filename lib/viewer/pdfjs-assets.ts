/**
 * The data files pdf.js fetches while drawing some PDFs, served from our own
 * origin (no CDN; the pages' CSP allows `connect-src 'self'`): CMaps for text in
 * non-embedded CJK fonts, the standard fonts for PDFs that do not embed the
 * base 14, the WebAssembly decoders (JPEG 2000, JBIG2, colour profiles) and
 * ICC profiles. Read from the installed pdfjs-dist, so they always match the
 * worker.
 */
export const PDFJS_ASSET_KINDS = ['cmaps', 'standard_fonts', 'wasm', 'iccs'] as const;
export type TPdfJsAssetKind = (typeof PDFJS_ASSET_KINDS)[number];

const TYPES: Record<string, string> = {
  '.bcmap': 'application/octet-stream',
  '.pfb': 'application/octet-stream',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
  '.js': 'text/javascript; charset=utf-8',
  '.icc': 'application/vnd.iccprofile',
};

/**
 * The file on disk and its type for a requested kind and name, or null when the
 * request names nothing we serve (no path separators, no dot files, known types only).
 */
export function pdfJsAssetPath(root: string, kind: string, name: string): { file: string; type: string } | null {
  if (!(PDFJS_ASSET_KINDS as readonly string[]).includes(kind)) return null;
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/.test(name) || name.includes('..')) return null;
  const type = TYPES[(/\.[^.]+$/.exec(name)?.[0] ?? '').toLowerCase()];
  if (!type) return null;
  // Shared with the browser bundle (pdfJsAssetBase), hence no node:path; the name holds no separator.
  return { file: `${root}/node_modules/pdfjs-dist/${kind}/${name}`, type };
}

/** The base address pdf.js is given for one kind (it appends the file name). */
export function pdfJsAssetBase(version: string, kind: TPdfJsAssetKind): string {
  return `/pdfjs/${version}/${kind}/`;
}
