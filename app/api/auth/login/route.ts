import { startSignIn } from '@/lib/server/auth/start-sign-in';
import { limitSignIn } from '@/lib/server/http/limit-sign-in';

// GET /api/auth/login?callbackUrl=/welcome: off to the identity provider, then back to callbackUrl (same origin only).
export async function GET(request: Request) {
  const limited = await limitSignIn(request);
  if (limited) return limited;
  return startSignIn(new URL(request.url).searchParams.get('callbackUrl'));
}
