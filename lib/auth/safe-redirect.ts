/**
 * Where to send a user after sign-in: a
 * path on our own origin, never another site. Accepts a relative path or an
 * absolute URL of `origin`; anything else (other origins, `//host`,
 * backslash tricks, other schemes, API routes) yields `fallback`.
 */
export const DEFAULT_AFTER_SIGN_IN = '/welcome';

export function safeRedirectPath(target: unknown, origin: string, fallback = DEFAULT_AFTER_SIGN_IN): string {
  if (typeof target !== 'string' || target.length === 0 || target.length > 2000) return fallback;
  // Browsers read "\" as "/" and drop tabs and newlines: refuse them outright.
  if (/[\\\u0000-\u001f\u007f]/.test(target)) return fallback;
  const isRelative = target.startsWith('/') && !target.startsWith('//');
  if (!isRelative && !/^https?:\/\//i.test(target)) return fallback;
  const own = new URL(origin).origin;
  let url: URL;
  try {
    url = new URL(target, own);
  } catch {
    return fallback;
  }
  if (url.origin !== own) return fallback;
  // The parser resolves dot segments (`/./`, `/%2e/`, `/a/../`), so `/.//evil.com` comes out as
  // `//evil.com`: a protocol-relative address once a browser reads it as a Location. Judge the
  // normalised path, and the address it makes, not the input.
  const path = `${url.pathname}${url.search}${url.hash}`;
  if (path.startsWith('//') || path.startsWith('/\\')) return fallback;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return fallback;
  if (new URL(path, own).origin !== own) return fallback;
  return path;
}
