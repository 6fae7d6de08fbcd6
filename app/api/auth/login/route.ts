import { startSignIn } from '@/lib/server/auth/start-sign-in';

// GET /api/auth/login?callbackUrl=/welcome: off to the identity provider, then back to callbackUrl (same origin only).
export async function GET(request: Request) {
  return startSignIn(new URL(request.url).searchParams.get('callbackUrl'));
}
