import type { NextRequest } from 'next/server';
import { SESSION_ENDED_COOKIE, SESSION_ENDED_MAX_AGE } from '@/lib/auth/session-ended';
import { getEnv } from '@/lib/env';
import { handlers } from '@/lib/server/auth/auth';
import { refreshContext } from '@/lib/server/auth/session-token';
import { limitSignIn } from '@/lib/server/http/limit-sign-in';

/**
 * Sign-in starts and the provider's redirects back to us (each one costs a token exchange with the
 * provider) are rate limited per client address, like /api/auth/login.
 */
function isSignIn(request: NextRequest): boolean {
  const { pathname } = new URL(request.url);
  return pathname.startsWith('/api/auth/callback/') || pathname.startsWith('/api/auth/signin');
}

// The session endpoint is where tokens are refreshed: its answer writes the new cookie back. When it ends a
// session because its user is gone or signed out everywhere, it leaves the marker the next protected page
// explains (lib/auth/session-ended.ts).
export async function GET(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  if (limited) return limited;
  const context = { endedElsewhere: false };
  const response = await refreshContext.run(context, () => handlers.GET(request));
  if (context.endedElsewhere) {
    const secure = getEnv().appUrl.startsWith('https://');
    response.headers.append(
      'set-cookie',
      `${SESSION_ENDED_COOKIE}=1; Path=/; Max-Age=${SESSION_ENDED_MAX_AGE}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`,
    );
  }
  return response;
}

export async function POST(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  return limited ?? handlers.POST(request);
}
