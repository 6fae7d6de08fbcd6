import type { NextRequest } from 'next/server';
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

// The session endpoint is where tokens are refreshed: its answer writes the new cookie back.
export async function GET(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  return limited ?? refreshContext.run(true, () => handlers.GET(request));
}

export async function POST(request: NextRequest) {
  const limited = isSignIn(request) ? await limitSignIn(request) : null;
  return limited ?? handlers.POST(request);
}
