// Keys of the local identity provider, generated once into the data folder
// (never committed): the ID-token signing key, the cookie keys and the secret
// of the app's client. Reusing them across restarts keeps tokens verifiable.
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { JWK } from 'oidc-provider';

export type TIdpSecrets = {
  signingKey: JWK;
  cookieKeys: string[];
  clientSecret: string;
};

function generate(): TIdpSecrets {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as JWK;
  return {
    signingKey: { ...jwk, kid: randomUUID(), alg: 'RS256', use: 'sig' },
    cookieKeys: [randomBytes(32).toString('base64url')],
    clientSecret: randomBytes(32).toString('base64url'),
  };
}

export function idpSecretsFile(dataDir: string): string {
  return path.join(dataDir, 'keys', 'local-idp.json');
}

/** Reads the secrets, creating them on first use. */
export function loadIdpSecrets(dataDir: string): TIdpSecrets {
  const file = idpSecretsFile(dataDir);
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as TIdpSecrets;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secrets = generate();
  try {
    writeFileSync(file, JSON.stringify(secrets), { mode: 0o600, flag: 'wx' });
    return secrets;
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST')
      return JSON.parse(readFileSync(file, 'utf8')) as TIdpSecrets;
    throw error;
  }
}
