import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';

function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/**
 * fetch for our own API from the browser: on non-GET, non-HEAD requests to
 * relative URLs it adds the anti-forgery header read from the cookie, as the
 * original client's HTTP interceptor did (SPEC §7).
 */
export function apiFetch(input: string, init: RequestInit = {}): Promise<Response> {
  const method = (init.method ?? 'GET').toUpperCase();
  const headers = new Headers(init.headers);
  const relative = input.startsWith('/') && !input.startsWith('//');
  if (relative && method !== 'GET' && method !== 'HEAD') {
    const token = readCookie(XSRF_COOKIE);
    if (token) headers.set(XSRF_HEADER, token);
  }
  return fetch(input, { ...init, headers, credentials: 'same-origin' });
}
