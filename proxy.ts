import createMiddleware from 'next-intl/middleware';
import { NextResponse, type NextRequest } from 'next/server';
import { legacyLocaleRedirect } from './lib/i18n/legacy-locale';
import { routing } from './lib/i18n/routing';

const intl = createMiddleware(routing);

export function proxy(request: NextRequest) {
  const moved = legacyLocaleRedirect(request.nextUrl.pathname);
  if (moved) {
    const url = request.nextUrl.clone();
    url.pathname = moved;
    return NextResponse.redirect(url, 308);
  }
  return intl(request);
}

export const config = {
  // Everything but API routes, the legacy REST contract, Next internals and files with an extension.
  matcher: ['/((?!api|REST|_next|_vercel|.*\\..*).*)'],
};
