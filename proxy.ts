import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { isProtectedPath } from './lib/auth/protected-paths';
import { isForgeryRisk, isSessionCookieName, newXsrfToken, XSRF_COOKIE, XSRF_HEADER } from './lib/auth/xsrf';
import { getEnv } from './lib/env';
import { AppError } from './lib/errors';
import { legacyLocaleRedirect } from './lib/i18n/legacy-locale';
import { routing } from './lib/i18n/routing';
import { readSessionToken } from './lib/server/auth/read-session-token';
import { withPagePolicy } from './lib/server/http/page-policy';
import { problemResponse } from './lib/server/http/problem';

const intl = createMiddleware(routing);

/** API and legacy REST calls: refuse a session request without the anti-forgery header (SPEC §7). */
async function guardApi(request: NextRequest) {
  const forged = isForgeryRisk({
    method: request.method,
    pathname: request.nextUrl.pathname,
    hasSession: request.cookies.getAll().some(({ name }) => isSessionCookieName(name)),
    hasApiKey: request.headers.has('authorization'),
    cookieToken: request.cookies.get(XSRF_COOKIE)?.value,
    headerToken: request.headers.get(XSRF_HEADER),
  });
  if (!forged) return NextResponse.next();
  return problemResponse(new AppError('FORBIDDEN', `Missing or wrong ${XSRF_HEADER} header.`), request);
}

/** Pages: a signed-out visitor of a protected page goes through sign-in and comes back here. */
async function guardPage(request: NextRequest) {
  const { pathname, search } = request.nextUrl;
  if (isProtectedPath(pathname) && !(await readSessionToken(request))) {
    const url = request.nextUrl.clone();
    url.pathname = '/api/auth/login';
    url.search = `?${new URLSearchParams({ callbackUrl: `${pathname}${search}` })}`;
    return NextResponse.redirect(url);
  }
  const response = withPagePolicy(request, getEnv().appUrl, intl);
  if (!request.cookies.has(XSRF_COOKIE)) {
    // Readable by our scripts on purpose (they echo it in the header); SameSite keeps other sites from sending it.
    response.cookies.set(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'lax',
      secure: getEnv().appUrl.startsWith('https://'),
      httpOnly: false,
    });
  }
  return response;
}

export async function proxy(request: NextRequest) {
  const { pathname } = request.nextUrl;
  if (pathname.startsWith('/api/') || pathname.startsWith('/REST/')) return guardApi(request);
  const moved = legacyLocaleRedirect(pathname);
  if (moved) {
    const url = request.nextUrl.clone();
    url.pathname = moved;
    return NextResponse.redirect(url, 308);
  }
  return guardPage(request);
}

export const config = {
  // Pages (not Next internals or files with an extension), plus the API and the legacy REST contract for anti-forgery.
  // The upload routes stay out: the proxy would buffer their bodies and cut them at 10 MB
  // (experimental.proxyClientMaxBodySize); they run assertNotForged themselves.
  matcher: ['/((?!api|REST|_next|_vercel|.*\\..*).*)', '/api/((?!documents$).*)', '/REST/((?!uploadDocument$).*)'],
};
