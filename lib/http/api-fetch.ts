import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';
import { readCookie } from '@/lib/http/cookies';

/**
 * fetch for our own API from the browser: on non-GET, non-HEAD requests to
 * relative URLs it adds the anti-forgery header read from the cookie, as the
 * original client's HTTP interceptor did.
 */
export function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const relative = input.startsWith('/') && !input.startsWith('//');
  if (relative && method !== 'GET' && method !== 'HEAD') {
    const token = readCookie(document.cookie, XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
}
