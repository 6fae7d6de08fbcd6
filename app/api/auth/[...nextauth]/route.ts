import type { NextRequest } from 'next/server';
import { SESSION_ENDED_COOKIE, sessionEndedCookie } from '@/lib/auth/session-ended';
import { getEnv } from '@/lib/env';
import { readCookie } from '@/lib/http/cookies';
import { handlers } from '@/lib/server/auth/auth';
import { refreshContext } from '@/lib/server/auth/session-token';
import { limitSignIn } from '@/lib/server/http/limit-sign-in';

/**
 * Sign-in starts and the provider's redirects back to us (each one costs a token exchange with the
 * provider) are rate limited per client address, like /api/auth/login.
 */
function isSignIn(request: NextRequest): boolean {
  const { pathname } = new URL(request.url);
  return isCallback(request) || pathname.startsWith('/api/auth/signin');
}

/** The provider's redirect back: where a sign-in completes. */
function isCallback(request: NextRequest): boolean {
  return new URL(request.url).pathname.startsWith('/api/auth/callback/');
}

// The session endpoint is where tokens are refreshed: its answer writes the new cookie back. When it ends a
// session because its user is gone or signed out everywhere, it leaves the marker the next protected page
// explains (lib/auth/session-ended.ts); the provider's redirect back (a sign-in) clears it, wherever it lands.
export async function GET(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  if (limited) return limited;
  const context = { endedElsewhere: false };
  const response = await refreshContext.run(context, () => handlers.GET(request));
  const { secureCookies } = getEnv();
  if (context.endedElsewhere) response.headers.append('set-cookie', sessionEndedCookie(true, secureCookies));
  else if (isCallback(request) && readCookie(request.headers.get('cookie'), SESSION_ENDED_COOKIE) !== undefined)
    response.headers.append('set-cookie', sessionEndedCookie(false, secureCookies));
  return response;
}

export async function POST(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  return limited ?? handlers.POST(request);
}
