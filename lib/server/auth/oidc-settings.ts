import 'server-only';
import { getEnv } from '@/lib/env';

export type TOidcSettings = {
  issuer: string;
  clientId: string;
  /** Undefined for a public client (PKCE only, no secret). */
  clientSecret: string | undefined;
  clockSkewSeconds: number;
};

/**
 * The identity provider the app signs in with. `npm start` fills these in for
 * the local provider when OIDC_ISSUER is unset; a server started some other
 * way without them cannot sign anyone in, and says so.
 */
export function oidcSettings(): TOidcSettings {
  const env = getEnv();
  if (!env.OIDC_ISSUER || !env.OIDC_CLIENT_ID) {
    throw new Error(
      'Sign-in is not configured: set OIDC_ISSUER and OIDC_CLIENT_ID (see README), or start with `npm start`, which runs the local identity provider.',
    );
  }
  return {
    // As configured: some issuers end in a slash (Auth0) and must match the discovery document.
    issuer: env.OIDC_ISSUER,
    clientId: env.OIDC_CLIENT_ID,
    clientSecret: env.OIDC_CLIENT_SECRET,
    clockSkewSeconds: env.OIDC_CLOCK_SKEW_SECONDS,
  };
}
