import 'server-only';
import { isForgeryRisk, isSessionCookieName, XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';
import { AppError } from '@/lib/errors';

function readCookies(header: string | null): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const index = part.indexOf('=');
    if (index <= 0) continue;
    const name = part.slice(0, index).trim();
    if (!cookies.has(name)) cookies.set(name, decodeURIComponent(part.slice(index + 1).trim()));
  }
  return cookies;
}

/**
 * The anti-forgery check of the proxy, for the upload routes the proxy does
 * not see: Next's proxy buffers (and truncates at 10 MB) every body it
 * handles, so streaming uploads bypass it and check here instead.
 */
export function assertNotForged(request: Request): void {
  const cookies = readCookies(request.headers.get('cookie'));
  const forged = isForgeryRisk({
    method: request.method,
    pathname: new URL(request.url).pathname,
    hasSession: [...cookies.keys()].some(isSessionCookieName),
    hasApiKey: request.headers.has('authorization'),
    cookieToken: cookies.get(XSRF_COOKIE),
    headerToken: request.headers.get(XSRF_HEADER),
  });
  if (forged) throw new AppError('FORBIDDEN', `Missing or wrong ${XSRF_HEADER} header.`);
}
