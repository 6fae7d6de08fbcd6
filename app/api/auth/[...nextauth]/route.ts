import type { NextRequest } from 'next/server';
import { handlers } from '@/lib/server/auth/auth';
import { refreshContext } from '@/lib/server/auth/session-token';
import { limitSignIn } from '@/lib/server/http/limit-sign-in';

/** The provider's redirect back to us: each one costs a token exchange with the provider, so it is rate limited. */
function isCallback(request: NextRequest): boolean {
  return new URL(request.url).pathname.startsWith('/api/auth/callback/');
}

// The session endpoint is where tokens are refreshed: its answer writes the new cookie back.
export async function GET(request: NextRequest) {
  const limited = isCallback(request) ? await limitSignIn(request) : null;
  return limited ?? refreshContext.run(true, () => handlers.GET(request));
}

export async function POST(request: NextRequest) {
  const limited = isCallback(request) ? await limitSignIn(request) : null;
  return limited ?? handlers.POST(request);
}
