// Starts scripts/dev-idp.ts as a child process of `npm start` when no
// external provider is configured, and hands the app the settings to reach it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { TEnv } from '../../lib/env';
import { LOCAL_CLIENT_ID, SIGNER_CLIENT_ID, signerClientSecret } from '../idp/provider-config';
import { loadIdpSecrets } from '../idp/secrets';

const root = path.resolve(import.meta.dirname, '../..');

export type TLocalIdp = { child: ChildProcess; env: Record<string, string> };

async function waitForDiscovery(issuer: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('the local identity provider exited during start');
    try {
      const response = await fetch(`${issuer}/.well-known/openid-configuration`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the local identity provider did not answer at ${issuer} within 30 s`);
}

export async function startLocalIdp(env: TEnv): Promise<TLocalIdp> {
  const issuer = `http://localhost:${env.IDP_PORT}`;
  // Created here, before either process reads it, so both agree on the client secret.
  const secrets = loadIdpSecrets(env.dataDir);
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'dev-idp.ts')], {
    cwd: root,
    stdio: 'inherit',
    env: process.env,
  });
  await waitForDiscovery(issuer, child);
  // Signers' eID too, unless an operator named a real one: demos and tests sign with the local accounts.
  const eid: Record<string, string> = env.SIGNER_OIDC_ISSUER
    ? {}
    : {
        SIGNER_OIDC_ISSUER: issuer,
        SIGNER_OIDC_CLIENT_ID: SIGNER_CLIENT_ID,
        SIGNER_OIDC_CLIENT_SECRET: signerClientSecret(secrets),
      };
  return {
    child,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: LOCAL_CLIENT_ID, OIDC_CLIENT_SECRET: secrets.clientSecret, ...eid },
  };
}
