import 'server-only';
import * as oauth from 'oauth4webapi';
import type { TEidFlow } from './eid-cookie';
import type { TEidProvider } from './eid-provider';
import type { TEidSettings } from './eid-settings';

export type TEidIdentity = { issuer: string; sub: string; claims: Record<string, unknown> };

/**
 * Redeems the authorization code (with the PKCE verifier) and validates the
 * ID token: issuer, audience, nonce, lifetime (oauth4webapi) and its
 * signature against the provider's published keys, kept for non-repudiation:
 * the audit trail then rests on a token the eID itself signed.
 */
export async function exchangeEidCode(
  settings: TEidSettings,
  provider: TEidProvider,
  params: URLSearchParams,
  flow: TEidFlow,
): Promise<TEidIdentity> {
  const { as, client, clientAuth, options } = provider;
  const response = await oauth.authorizationCodeGrantRequest(
    as,
    client,
    clientAuth,
    params,
    settings.redirectUri,
    flow.verifier,
    options(),
  );
  const result = await oauth.processAuthorizationCodeResponse(as, client, response, {
    expectedNonce: flow.nonce,
    requireIdToken: true,
  });
  await oauth.validateApplicationLevelSignature(as, response, options());
  const claims = oauth.getValidatedIdTokenClaims(result);
  if (!claims) throw new Error('the provider sent no ID token');
  return { issuer: claims.iss, sub: claims.sub, claims };
}

/** A short, stable word for the audit trail about why a provider's answer was refused. */
export function eidFailureReason(error: unknown): string {
  if (error instanceof oauth.ResponseBodyError) return error.error; // e.g. invalid_grant: a code used twice
  const code = (error as { code?: unknown }).code;
  return typeof code === 'string' ? code : 'invalid_response';
}
