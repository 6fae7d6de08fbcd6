import 'server-only';
import { isForgeryRisk, isSessionCookieName, XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';
import { AppError } from '@/lib/errors';
import { readCookies } from '@/lib/http/cookies';

/**
 * The anti-forgery check: the proxy runs it on API calls, and the upload
 * routes the proxy does not see run it themselves (Next's proxy buffers, and
 * truncates at 10 MB, every body it handles).
 */
export function assertNotForged(request: Request): void {
  const cookies = readCookies(request.headers.get('cookie'));
  const forged = isForgeryRisk({
    method: request.method,
    pathname: new URL(request.url).pathname,
    hasSession: Object.keys(cookies).some(isSessionCookieName),
    apiKeyAuthenticated: false, // its callers accept sessions only (keys work on /api/v1); a bare Authorization header exempts nothing
    cookieToken: cookies[XSRF_COOKIE],
    headerToken: request.headers.get(XSRF_HEADER),
  });
  if (forged) throw new AppError('FORBIDDEN', `Missing or wrong ${XSRF_HEADER} header.`);
}
