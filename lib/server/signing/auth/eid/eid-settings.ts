import 'server-only';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';

export type TEidSettings = {
  issuer: string;
  clientId: string;
  /** Undefined for a public client (PKCE only). */
  clientSecret: string | undefined;
  clockSkewSeconds: number;
  /** Where the provider sends the signer back (registered with it as a redirect URI). */
  redirectUri: string;
};

export const EID_CALLBACK_PATH = '/api/v1/signing/oidc/callback';

/**
 * The eID provider signers authenticate with (`auth: oidc`), or null when
 * this instance has none: SIGNER_OIDC_* unset, and `npm start` did not point
 * them at the local provider (it does when it runs one).
 */
export function eidSettings(): TEidSettings | null {
  const env = getEnv();
  if (!env.SIGNER_OIDC_ISSUER || !env.SIGNER_OIDC_CLIENT_ID) return null;
  return {
    issuer: env.SIGNER_OIDC_ISSUER,
    clientId: env.SIGNER_OIDC_CLIENT_ID,
    clientSecret: env.SIGNER_OIDC_CLIENT_SECRET,
    // The same tolerance the owner's sign-in allows for a provider's clock.
    clockSkewSeconds: env.OIDC_CLOCK_SKEW_SECONDS,
    redirectUri: `${env.appUrl}${EID_CALLBACK_PATH}`,
  };
}

/** The settings, or 503 for a link sent before the operator removed the provider. */
export function requireEidSettings(): TEidSettings {
  const settings = eidSettings();
  if (!settings) {
    throw new AppError(
      'SERVICE_UNAVAILABLE',
      'Signing with an eID is not available on this server just now. Ask the sender for help.',
      {
        extensions: { reason: 'eid_unavailable' },
      },
    );
  }
  return settings;
}
