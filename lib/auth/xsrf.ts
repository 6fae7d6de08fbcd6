/**
 * Anti-forgery, with the names the original Angular client used:
 * the server sets a readable cookie XSRF-TOKEN; our pages echo it in the
 * X-XSRF-TOKEN header on non-GET relative requests; a state-changing request
 * that carries our session cookie must carry the matching header. Only a
 * request that an API key actually authenticated is exempt: a bare
 * Authorization header is not (requireUser ignores the cookie when one is
 * present, and the session-only routes accept no key).
 */
export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Our session cookie, plain or __Secure- prefixed, possibly split into chunks (.0, .1, …). */
export function isSessionCookieName(name: string): boolean {
  return /^(__Secure-)?authjs\.session-token(\.\d+)?$/.test(name);
}

/** next-auth's own endpoints carry their own CSRF token; our logout is ours and is checked. */
function isExempt(pathname: string): boolean {
  return pathname.startsWith('/api/auth/') && pathname !== '/api/auth/logout';
}

export type TXsrfRequest = {
  method: string;
  pathname: string;
  hasSession: boolean;
  /** True only when an API key authenticated this request (requireAuthentication's method 'apiKey'); never for a bare header. */
  apiKeyAuthenticated: boolean;
  cookieToken: string | undefined;
  headerToken: string | null;
};

/** Compares in time independent of where the strings differ. */
function sameToken(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i += 1) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}

/** True when the request must be refused with 403. */
export function isForgeryRisk(request: TXsrfRequest): boolean {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  if (!request.hasSession || request.apiKeyAuthenticated || isExempt(request.pathname)) return false;
  if (!request.cookieToken || !request.headerToken) return true;
  return !sameToken(request.cookieToken, request.headerToken);
}

/** A fresh token: 32 random bytes, base64url. */
export function newXsrfToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}
