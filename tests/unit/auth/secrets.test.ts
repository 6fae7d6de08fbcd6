import { mkdirSync, mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadAuthSecret } from '@/lib/server/auth/auth-secret';
import { loadIdpSecrets } from '@/scripts/idp/secrets';
import { tamperIdToken } from '@/scripts/idp/test-variant';
import { createPublicKey, verify } from 'node:crypto';

const fresh = () => mkdtempSync(path.join(tmpdir(), 'signet-auth-'));

describe('loadAuthSecret', () => {
  it('prefers AUTH_SECRET', () => {
    expect(loadAuthSecret({ AUTH_SECRET: 'x'.repeat(40), dataDir: fresh() })).toBe('x'.repeat(40));
  });

  it('generates a secret once into the data folder, private to its owner, and reuses it', () => {
    const dataDir = fresh();
    const secret = loadAuthSecret({ AUTH_SECRET: undefined, dataDir });
    const file = path.join(dataDir, 'keys', 'auth.secret');
    expect(readFileSync(file, 'utf8')).toBe(secret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(Buffer.from(secret, 'base64')).toHaveLength(32);
    expect(loadAuthSecret({ AUTH_SECRET: undefined, dataDir })).toBe(secret);
  });

  it('refuses a stored secret that is too short', () => {
    const dataDir = fresh();
    mkdirSync(path.join(dataDir, 'keys'));
    writeFileSync(path.join(dataDir, 'keys', 'auth.secret'), 'short');
    expect(() => loadAuthSecret({ AUTH_SECRET: undefined, dataDir })).toThrow(
      /auth\.secret does not hold 32 bytes in base64/,
    );
  });
});

describe('local provider keys and test variants', () => {
  const secrets = loadIdpSecrets(fresh());
  const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = `${b64({ alg: 'RS256', kid: secrets.signingKey.kid })}.${b64({ iss: 'http://localhost:3001', aud: 'signet-local', nonce: 'n', iat: 1, exp: 2 })}.sig`;
  const claimsOf = (jwt: string) =>
    JSON.parse(Buffer.from(jwt.split('.')[1] ?? '', 'base64url').toString()) as Record<string, unknown>;

  it('creates the signing key, cookie keys and client secret once', () => {
    const dataDir = fresh();
    expect(loadIdpSecrets(dataDir)).toEqual(loadIdpSecrets(dataDir));
    expect(secrets.signingKey.kty).toBe('RSA');
  });

  it.each([
    ['wrong-issuer', 'iss', 'https://issuer.invalid'],
    ['wrong-audience', 'aud', 'another-client'],
    ['wrong-nonce', 'nonce', 'not-the-nonce-we-sent'],
  ] as const)('%s changes only %s and keeps a valid signature', (variant, claim, value) => {
    const tampered = tamperIdToken(token, variant, secrets.signingKey);
    expect(claimsOf(tampered)[claim]).toBe(value);
    const [header, payload, signature] = tampered.split('.');
    const publicKey = createPublicKey({ key: secrets.signingKey as never, format: 'jwk' });
    expect(
      verify('sha256', Buffer.from(`${header}.${payload}`), publicKey, Buffer.from(signature ?? '', 'base64url')),
    ).toBe(true);
  });

  it('expired lies beyond the 10-minute clock skew', () => {
    const claims = claimsOf(tamperIdToken(token, 'expired', secrets.signingKey));
    expect(Number(claims.exp)).toBeLessThan(Date.now() / 1000 - 600);
  });

  it('none leaves the token untouched', () => {
    expect(tamperIdToken(token, 'none', secrets.signingKey)).toBe(token);
  });
});
