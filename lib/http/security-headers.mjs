// The security headers of every response, in one place: next.config.mjs sets
// the ones that never vary (and the API's policy), proxy.ts the pages'
// Content-Security-Policy. Plain JavaScript because next.config.mjs loads it
// without a TypeScript step.
import { createHash } from 'node:crypto';

/**
 * Pages that may use the camera (the future document-scan page). Everything
 * else gets `camera=()`: a page added here gets `camera=(self)` and nothing more.
 * @type {readonly string[]}
 */
export const CAMERA_PAGES = [];

/** What a JSON or file answer may do as a document: nothing (a stored SVG or an error body opened directly). */
export const API_CONTENT_SECURITY_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/**
 * @param {string} appUrl the public address (APP_URL)
 */
export function isHttps(appUrl) {
  return appUrl.startsWith('https://');
}

/**
 * The pages' policy. Scripts run from our origin, or inline only when the
 * response names them: by a per-request nonce on dynamically rendered pages
 * (Next.js puts it on its own scripts), by their SHA-256 on prerendered ones,
 * whose HTML cannot carry a nonce. Never 'unsafe-inline' for scripts. Styles
 * keep 'unsafe-inline': Headless UI, sonner and swiper set style attributes.
 * @param {{ nonce?: string, scriptHashes?: readonly string[], https?: boolean, dev?: boolean }} options
 */
export function pageContentSecurityPolicy({ nonce, scriptHashes = [], https = false, dev = false }) {
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes.map((hash) => `'${hash}'`)];
  // React in development rebuilds server error stacks with eval, and Next's dev server talks over a WebSocket.
  if (dev) scripts.push("'unsafe-eval'");
  const directives = [
    "default-src 'self'",
    `script-src ${[...new Set(scripts)].join(' ')}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self'${dev ? ' ws: wss:' : ''}`,
    // pdf.js runs in a worker from our origin and may compile its WebAssembly decoders there.
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ];
  return directives.join('; ');
}

/**
 * `camera=()` everywhere except the pages in CAMERA_PAGES; the other powerful
 * features the product never uses are off too.
 * @param {{ camera?: boolean }} [options]
 */
export function permissionsPolicy({ camera = false } = {}) {
  return [
    `camera=(${camera ? 'self' : ''})`,
    'microphone=()',
    'geolocation=()',
    'payment=()',
    'usb=()',
    'serial=()',
    'hid=()',
  ].join(', ');
}

/**
 * Headers that do not depend on the request, for next.config.mjs headers().
 * The page policy that proxy.ts sets replaces the API policy on pages (Next
 * applies the proxy's headers after these, under the same lowercase name).
 * @param {{ appUrl: string }} options
 */
export function staticSecurityHeaders({ appUrl }) {
  const common = [
    { key: 'x-content-type-options', value: 'nosniff' },
    { key: 'referrer-policy', value: 'strict-origin-when-cross-origin' },
    // For browsers without frame-ancestors; the same rule.
    { key: 'x-frame-options', value: 'DENY' },
    { key: 'permissions-policy', value: permissionsPolicy() },
    ...(isHttps(appUrl) ? [{ key: 'strict-transport-security', value: 'max-age=31536000; includeSubDomains' }] : []),
  ];
  return [
    { source: '/:path*', headers: common },
    // Next's own files (scripts, the pdf.js worker, styles) carry no policy: a worker takes its
    // policy from its script's answer, and the API policy would forbid its fetches and WebAssembly.
    { source: '/((?!_next/).*)', headers: [{ key: 'content-security-policy', value: API_CONTENT_SECURITY_POLICY }] },
    ...CAMERA_PAGES.map((page) => ({
      source: page,
      headers: [{ key: 'permissions-policy', value: permissionsPolicy({ camera: true }) }],
    })),
  ];
}

const SCRIPT_TAG = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
const EXECUTABLE_TYPE = /^(?:|module|text\/javascript|application\/javascript)$/i;

/**
 * The CSP hash sources ('sha256-…') of the inline scripts an HTML page runs:
 * its scripts without `src` whose type the browser executes (JSON-LD and
 * other data blocks are not scripts to CSP). The browser hashes the script's
 * text exactly as written, which is what the HTML holds between the tags.
 * @param {string} html
 * @returns {string[]}
 */
export function inlineScriptHashes(html) {
  /** @type {Set<string>} */
  const hashes = new Set();
  for (const [, attributes = '', body = ''] of html.matchAll(SCRIPT_TAG)) {
    if (/\ssrc\s*=/i.test(` ${attributes}`)) continue;
    const type = /\btype\s*=\s*["']?([^"'\s>]*)/i.exec(attributes)?.[1] ?? '';
    if (!EXECUTABLE_TYPE.test(type.trim())) continue;
    hashes.add(scriptHash(body));
  }
  return [...hashes];
}

/**
 * @param {string} source an inline script's text
 */
export function scriptHash(source) {
  return `sha256-${createHash('sha256').update(source, 'utf8').digest('base64')}`;
}
