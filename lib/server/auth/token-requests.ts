import 'server-only';
import { z } from 'zod';
import { oidcSettings } from './oidc-settings';
import { providerMetadata } from './provider-metadata';

const ZTokenResponse = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().optional(),
  id_token: z.string().optional(),
  expires_in: z.coerce.number().positive().optional(),
});

/** client_secret_basic for a confidential client, client_id in the body for a public one. */
function clientRequest(params: Record<string, string>): RequestInit {
  const { clientId, clientSecret } = oidcSettings();
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
  };
  const body = new URLSearchParams(params);
  if (clientSecret) {
    const encode = (value: string) => encodeURIComponent(value).replace(/%20/g, '+');
    headers.authorization = `Basic ${Buffer.from(`${encode(clientId)}:${encode(clientSecret)}`).toString('base64')}`;
  } else {
    body.set('client_id', clientId);
  }
  return { method: 'POST', headers, body, cache: 'no-store', signal: AbortSignal.timeout(10_000) };
}

export type TRefreshed = {
  accessToken: string;
  refreshToken: string;
  idToken: string | undefined;
  expiresAt: number | undefined;
};

/** Exchanges a refresh token; throws when the provider refuses (the caller signs the user out). */
export async function refreshTokens(refreshToken: string): Promise<TRefreshed> {
  const { token_endpoint } = await providerMetadata();
  const response = await fetch(
    token_endpoint,
    clientRequest({ grant_type: 'refresh_token', refresh_token: refreshToken }),
  );
  if (!response.ok) throw new Error(`token refresh refused with ${response.status}`);
  const tokens = ZTokenResponse.parse(await response.json());
  return {
    accessToken: tokens.access_token,
    // Providers that do not rotate keep the old refresh token valid.
    refreshToken: tokens.refresh_token ?? refreshToken,
    idToken: tokens.id_token,
    expiresAt: tokens.expires_in ? Math.floor(Date.now() / 1000) + tokens.expires_in : undefined,
  };
}

/** Revokes one token at the provider (RFC 7009); false when the provider has no revocation endpoint or refuses. */
export async function revokeToken(token: string, hint: 'access_token' | 'refresh_token'): Promise<boolean> {
  const { revocation_endpoint } = await providerMetadata();
  if (!revocation_endpoint) return false;
  const response = await fetch(revocation_endpoint, clientRequest({ token, token_type_hint: hint }));
  return response.ok;
}
