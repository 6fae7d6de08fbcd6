// A small response cache in front of Next.js for the prerendered public pages.
//
// `next start` answers a prerendered page through its whole request pipeline
// and gzips the ~160 kB of HTML again for every request, which made the
// landing page several times slower than a static file. Here the first request
// for a page is answered by Next as usual (proxy.ts included); when that answer
// is the prerendered page (200, x-nextjs-prerender) and sets no cookie but the
// locale cookie, it is kept with gzip and brotli versions made once, and later
// requests with the same key are answered from memory with Next's own headers.
//
// What proxy.ts does for these paths depends on the locale cookie,
// Accept-Language and Sec-Fetch-Dest (next-intl), but its answer only on the
// locale it resolves and whether it sets the locale cookie: the key is that
// outcome (option localeOutcome, scripts/lib/page-locale.mjs), one of 4 × 2
// per path, never a header as the visitor wrote it, so nothing a visitor sends
// makes the cache ask Next, compress or keep anything new. Host is no part of
// the answer either: Next is asked under the configured public host (option
// host), never the visitor's, so a forged Host cannot end up in a kept answer.
// proxy.ts also gives each new visitor a random anti-forgery cookie
// (XSRF-TOKEN): that one is never kept; the cache makes a fresh one, as the
// proxy would, for every visitor who has none (option visitorCookie).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { parse as parseCookie } from 'cookie';

export const BYPASS_HEADER = 'x-signet-page-cache';
const DROPPED = new Set([
  'date',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
]);
const ROUTER_HEADERS = [
  'rsc',
  'next-router-state-tree',
  'next-router-prefetch',
  'next-router-segment-prefetch',
  'next-action',
  'range',
];

/**
 * @param {{ paths: string[], host: string, localeCookie: string, localeOutcome: LocaleOutcome, visitorCookie?: VisitorCookie, fetchFromNext: (path: string, headers: Record<string, string>) => Promise<Answer>, maxEntries?: number }} options
 */
export function createPageCache({
  paths,
  host,
  localeCookie,
  localeOutcome,
  visitorCookie,
  fetchFromNext,
  maxEntries = paths.length * 8,
}) {
  const cacheable = new Set(paths);
  /** @type {Map<string, Promise<Entry | null>>} Kept answers, and answers known not to be keepable. */
  const entries = new Map();

  /** @param {import('node:http').IncomingMessage} request */
  function cacheKey(request) {
    const { locale, setsCookie } = localeOutcome({
      pathname: request.url ?? '/',
      cookie: readCookie(request.headers.cookie ?? '', localeCookie),
      acceptLanguage: oneHeader(request.headers['accept-language']),
      secFetchDest: oneHeader(request.headers['sec-fetch-dest']),
    });
    return `${request.url}\n${locale}\n${setsCookie ? 'sets-cookie' : ''}`;
  }

  /** @param {import('node:http').IncomingMessage} request */
  function applies(request) {
    if (request.method !== 'GET' && request.method !== 'HEAD') return false;
    if (!request.url || !cacheable.has(request.url)) return false; // any query string goes to Next
    return !ROUTER_HEADERS.some((name) => name in request.headers) && !(BYPASS_HEADER in request.headers);
  }

  /** @param {import('node:http').IncomingMessage} request */
  async function load(request) {
    /** @type {Record<string, string>} */
    const headers = { host, accept: 'text/html', 'accept-encoding': 'identity', [BYPASS_HEADER]: '1' };
    // Only what the key stands for: the visitor's other cookies, user agent and host stay out of a shared answer.
    const cookie = readCookie(request.headers.cookie ?? '', localeCookie);
    if (cookie !== undefined) headers.cookie = `${localeCookie}=${encodeURIComponent(cookie)}`;
    for (const name of ['accept-language', 'sec-fetch-dest']) {
      const value = oneHeader(request.headers[name]);
      if (value !== undefined) headers[name] = value;
    }
    const answer = await fetchFromNext(request.url ?? '/', headers);
    const prerendered =
      /\b1\b/.test(String(answer.headers['x-nextjs-prerender'] ?? '')) || answer.headers['x-nextjs-cache'] === 'HIT';
    // The locale cookie next-intl sets follows from the key alone, and the visitor cookie is made
    // afresh per visitor (see send); any other cookie might be someone's own.
    const cookies = [answer.headers['set-cookie'] ?? []].flat();
    const isVisitorCookie = (/** @type {string} */ cookie) =>
      Boolean(visitorCookie && cookie.startsWith(`${visitorCookie.name}=`));
    const onlyKnownCookies = cookies.every(
      (cookie) => cookie.startsWith(`${localeCookie}=`) || isVisitorCookie(cookie),
    );
    const cacheable = answer.status === 200 && prerendered && onlyKnownCookies;
    /** @type {[string, string][]} */
    const kept = [];
    for (const [name, value] of Object.entries(answer.headers)) {
      if (DROPPED.has(name) || value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) {
        if (cacheable && name === 'set-cookie' && isVisitorCookie(one)) continue;
        kept.push([name, one]);
      }
    }
    const body = answer.body;
    const bodies = cacheable
      ? {
          identity: body,
          gzip: gzipSync(body, { level: 9 }),
          br: brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        }
      : { identity: body, gzip: body, br: body };
    return {
      cacheable,
      status: answer.status,
      headers: kept,
      etag: cacheable ? String(answer.headers.etag ?? '') || null : null,
      bodies,
    };
  }

  /**
   * Answers the request from the cache when it can; false means "let Next answer".
   * The first request for a key is answered with what Next said for it; an
   * answer that cannot be kept (a redirect, another cookie, a dynamic page) is
   * remembered as such, so later requests go straight to Next.
   * @param {import('node:http').IncomingMessage} request
   * @param {import('node:http').ServerResponse} response
   */
  async function serve(request, response) {
    if (!applies(request)) return false;
    const key = cacheKey(request);
    const known = entries.get(key);
    if (known) {
      const entry = await known;
      if (!entry?.cacheable) return false;
      send(entry, request, response, visitorCookie);
      return true;
    }
    // Cannot happen with the bounded key; kept as a last guard on memory.
    if (entries.size >= maxEntries) entries.delete(entries.keys().next().value ?? '');
    const loading = load(request).catch(() => null);
    entries.set(key, loading);
    const entry = await loading;
    if (!entry) {
      entries.delete(key);
      return false;
    }
    send(entry, request, response, visitorCookie);
    return true;
  }

  return { serve, size: () => entries.size };
}

/** @param {string | string[] | undefined} value */
function oneHeader(value) {
  return Array.isArray(value) ? value.join(', ') : value;
}

/** @typedef {{ status: number, headers: import('node:http').IncomingHttpHeaders, body: Buffer }} Answer */
/** @typedef {(request: { pathname: string, cookie: string | undefined, acceptLanguage: string | undefined, secFetchDest: string | undefined }) => { locale: string, setsCookie: boolean }} LocaleOutcome */
/** @typedef {{ name: string, create: () => string }} VisitorCookie A per-visitor cookie: its name, and a fresh Set-Cookie value. */
/** @typedef {{ cacheable: boolean, status: number, headers: [string, string][], etag: string | null, bodies: { identity: Buffer, gzip: Buffer, br: Buffer } }} Entry */

/**
 * @param {Entry} entry
 * @param {import('node:http').IncomingMessage} request
 * @param {import('node:http').ServerResponse} response
 * @param {VisitorCookie} [visitorCookie]
 */
function send(entry, request, response, visitorCookie) {
  for (const [name, value] of entry.headers) response.appendHeader(name, value);
  if (entry.cacheable && visitorCookie && readCookie(request.headers.cookie ?? '', visitorCookie.name) === undefined) {
    response.appendHeader('set-cookie', visitorCookie.create());
  }
  if (entry.cacheable && entry.etag && request.headers['if-none-match'] === entry.etag) {
    response.statusCode = 304;
    response.end();
    return;
  }
  const encoding = entry.cacheable ? chooseEncoding(request.headers['accept-encoding'] ?? '') : 'identity';
  const body = entry.bodies[encoding];
  if (encoding !== 'identity') response.setHeader('content-encoding', encoding);
  response.setHeader('content-length', body.length);
  response.statusCode = entry.status;
  response.end(request.method === 'HEAD' ? undefined : body);
}

/**
 * br, then gzip, then identity, as the Accept-Encoding header allows (q=0 refuses).
 * @param {string} header
 * @returns {'br' | 'gzip' | 'identity'}
 */
export function chooseEncoding(header) {
  /** @type {Map<string, number>} */
  const accepted = new Map();
  for (const part of header.toLowerCase().split(',')) {
    const [name = '', ...params] = part.trim().split(';');
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    if (name) accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const allows = (/** @type {string} */ name) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return 'identity';
}

/**
 * @param {string} header
 * @param {string} name
 */
export function readCookie(header, name) {
  return parseCookie(header)[name]; // the app's parser too (lib/http/cookies.ts)
}
