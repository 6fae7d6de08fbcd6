// A test variant of the local provider: when switched on (IDP_TEST_HOOKS=true
// and POST /__test/variant), it re-signs the ID token of the token response
// with its own key but a wrong issuer, audience or nonce, or a long-expired
// lifetime, or signs it with a key the provider never published
// ('foreign-key'), so tests can prove the app refuses such tokens; or it
// refuses every refresh, as a provider does for a revoked or expired grant.
import { createPrivateKey, generateKeyPairSync, sign } from 'node:crypto';
import type { JWK } from 'oidc-provider';

export const TEST_VARIANTS = [
  'none',
  'wrong-issuer',
  'wrong-audience',
  'wrong-nonce',
  'expired',
  'foreign-key',
  'refuse-refresh',
] as const;
export type TTestVariant = (typeof TEST_VARIANTS)[number];

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** The ID token with the variant's defect, validly signed by `key`. */
export function tamperIdToken(idToken: string, variant: TTestVariant, key: JWK): string {
  if (variant === 'none' || variant === 'refuse-refresh') return idToken;
  const [header, payload] = idToken.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString()) as Record<string, unknown>;
  const now = Math.floor(Date.now() / 1000);
  if (variant === 'wrong-issuer') claims.iss = 'https://issuer.invalid';
  if (variant === 'wrong-audience') claims.aud = 'another-client';
  if (variant === 'wrong-nonce') claims.nonce = 'not-the-nonce-we-sent';
  if (variant === 'expired') {
    // Beyond the 10-minute clock skew the app allows.
    claims.iat = now - 60 * 60;
    claims.exp = now - 30 * 60;
  }
  const signingInput = `${header}.${b64(claims)}`;
  // Same header (kid) and claims, but not the provider's key: only a signature check notices.
  const privateKey =
    variant === 'foreign-key'
      ? generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey
      : createPrivateKey({ key: key as never, format: 'jwk' });
  return `${signingInput}.${sign('sha256', Buffer.from(signingInput), privateKey).toString('base64url')}`;
}
