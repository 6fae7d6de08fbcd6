import 'server-only';
import { getEnv } from '@/lib/env';
import { getPathname } from '@/lib/i18n/navigation';
import type { Locale } from '@/lib/i18n/routing';
import { logger } from '@/lib/server/logger';
import { signOut } from './auth';
import { oidcSettings } from './oidc-settings';
import { providerMetadata } from './provider-metadata';
import { readSessionToken } from './read-session-token';
import { requireUser } from './require-user';
import { signOutEverywhere } from './sign-out-everywhere';
import { revokeToken } from './token-requests';

/**
 * Logout: revoke the tokens at the provider, clear our session
 * cookie, and return the provider's end-session address, which ends the
 * provider session and sends the browser back to the landing page. Provider
 * failures are logged and never keep the user signed in here. `everywhere`
 * (Settings) first raises the user's session version, which ends their
 * sessions in every other browser too, and revokes the API keys made to end
 * with them (lib/server/auth/sign-out-everywhere.ts).
 */
export async function logOut(
  request: Request,
  locale: Locale,
  { everywhere = false } = {},
): Promise<{ redirect: string }> {
  const env = getEnv();
  if (everywhere) await signOutEverywhere((await requireUser()).id);
  const landing = `${env.appUrl}${getPathname({ href: '/', locale })}`.replace(/(.)\/$/, '$1');
  const token = await readSessionToken(request);
  let redirect = landing;
  if (token) {
    try {
      if (token.refreshToken) await revokeToken(token.refreshToken, 'refresh_token');
      if (token.accessToken) await revokeToken(token.accessToken, 'access_token');
      const { end_session_endpoint } = await providerMetadata();
      if (end_session_endpoint) {
        const url = new URL(end_session_endpoint);
        if (token.idToken) url.searchParams.set('id_token_hint', token.idToken);
        url.searchParams.set('client_id', oidcSettings().clientId);
        url.searchParams.set('post_logout_redirect_uri', landing === env.appUrl ? `${env.appUrl}/` : landing);
        redirect = url.toString();
      }
    } catch (error) {
      logger.warn('provider logout failed; signing out locally', { error });
    }
  }
  await signOut({ redirect: false });
  return { redirect };
}
