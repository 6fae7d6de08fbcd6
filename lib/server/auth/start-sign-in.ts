import 'server-only';
import { safeRedirectPath } from '@/lib/auth/safe-redirect';
import { getEnv } from '@/lib/env';
import { signIn } from './auth';

/**
 * Starts the authorization-code flow (PKCE, state and nonce cookies are set
 * by next-auth) and redirects to the provider; `callbackUrl` is where the
 * user returns after sign-in, refused unless it is a path of ours.
 */
export async function startSignIn(callbackUrl: string | null): Promise<never> {
  const redirectTo = safeRedirectPath(callbackUrl, getEnv().appUrl);
  await signIn('oidc', { redirectTo });
  throw new Error('signIn did not redirect');
}
