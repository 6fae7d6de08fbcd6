/**
 * Where to send a user after sign-in (the spec's post-login redirect): a
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
  let url: URL;
  try {
    url = new URL(target, origin);
  } catch {
    return fallback;
  }
  if (url.origin !== new URL(origin).origin) return fallback;
  if (url.pathname === '/api' || url.pathname.startsWith('/api/')) return fallback;
  return `${url.pathname}${url.search}${url.hash}`;
}
