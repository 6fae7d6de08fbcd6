import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { isProtectedPath } from './lib/auth/protected-paths';
import { SESSION_ENDED_COOKIE, sessionEndedCookie, sessionEndedPath } from './lib/auth/session-ended';
import { isSessionCookieName, newXsrfToken, XSRF_COOKIE } from './lib/auth/xsrf';
import { getEnv } from './lib/env';
import { readCookie } from './lib/http/cookies';
import { legacyLocaleRedirect } from './lib/i18n/legacy-locale';
import { routing } from './lib/i18n/routing';
import { assertNotForged } from './lib/server/auth/assert-not-forged';
import { readSessionToken } from './lib/server/auth/read-session-token';
import { isSessionCurrent } from './lib/server/auth/session-check';
import { withPagePolicy } from './lib/server/http/page-policy';
import { problemResponse } from './lib/server/http/problem';

const intl = createMiddleware(routing);

/** API and legacy REST calls: refuse a session request without the anti-forgery header, so another site cannot act with a visitor's cookie. */
async function guardApi(request: NextRequest) {
  try {
    assertNotForged(request);
    return NextResponse.next();
  } catch (error) {
    return problemResponse(error, request);
  }
}

/**
 * A protected page: a signed-out visitor goes through sign-in and comes back
 * here; a session that ended elsewhere (checked against the database every
 * SESSION_RECHECK_SECONDS at most), or one the session endpoint already
 * cleared for that reason (SESSION_ENDED_COOKIE), is cleared and explained on the sign-in page.
 */
async function guardProtected(request: NextRequest): Promise<NextResponse | null> {
  const { pathname, search } = request.nextUrl;
  const token = await readSessionToken(request);
  if (token && (await isSessionCurrent(token.uid, token.sv))) return null;
  const ended = request.cookies.has(SESSION_ENDED_COOKIE);
  if (!token && !ended) {
    const url = request.nextUrl.clone();
    url.pathname = '/api/auth/login';
    url.search = `?${new URLSearchParams({ callbackUrl: `${pathname}${search}` })}`;
    return NextResponse.redirect(url);
  }
  const [endedPath = '/', endedQuery = ''] = sessionEndedPath(`${pathname}${search}`).split('?');
  const url = request.nextUrl.clone();
  url.pathname = endedPath;
  url.search = `?${endedQuery}`;
  const response = NextResponse.redirect(url);
  // Cleared with the attributes it was set with: a browser ignores a deletion of a __Secure- cookie that is not Secure.
  const { secureCookies: secure } = getEnv();
  for (const { name } of request.cookies.getAll()) {
    if (isSessionCookieName(name))
      response.cookies.set(name, '', { path: '/', expires: new Date(0), secure, httpOnly: true, sameSite: 'lax' });
  }
  // Told once: the sign-in page now says it, and signing in again must not meet it later.
  if (ended) response.headers.append('set-cookie', sessionEndedCookie(false, secure));
  return response;
}

/** Pages: protected ones need a current session; every page hands out the anti-forgery cookie. */
async function guardPage(request: NextRequest) {
  if (isProtectedPath(request.nextUrl.pathname)) {
    const refused = await guardProtected(request);
    if (refused) return refused;
  }
  const response = withPagePolicy(request, getEnv().appUrl, intl);
  if (readCookie(request.headers.get('cookie'), XSRF_COOKIE) === undefined) {
    // Readable by our scripts on purpose (they echo it in the header); SameSite keeps other sites from sending it.
    response.cookies.set(XSRF_COOKIE, newXsrfToken(), {
      path: '/',
      sameSite: 'lax',
      secure: getEnv().secureCookies,
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
  // (experimental.proxyClientMaxBodySize); they run assertNotForged themselves. So does /api/v1
  // (requireOwner), where an API key, not a cookie, may authenticate the request.
  matcher: ['/((?!api|REST|_next|_vercel|.*\\..*).*)', '/api/((?!documents$|v1/).*)', '/REST/((?!uploadDocument$).*)'],
};
