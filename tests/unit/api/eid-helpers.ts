import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, vi } from 'vitest';
import { DEMO_PASSWORD } from '@/scripts/idp/accounts';
import { SIGNER_CLIENT_ID, signerClientSecret } from '@/scripts/idp/provider-config';
import { loadIdpSecrets } from '@/scripts/idp/secrets';
import { createIdpServer } from '@/scripts/idp/server';
import type { TTestVariant } from '@/scripts/idp/test-variant';
import { freePort } from '../../fixtures/free-port';

/**
 * The local identity provider (scripts/idp, oidc-provider) running in this
 * process as the signers' eID, its test hooks on, the app's SIGNER_OIDC_*
 * pointed at it. Call before apiWorld(): the environment must be set before
 * the app's modules load.
 */
export function localEid(appUrl: string) {
  const state = {} as { server: Server; issuer: string };
  beforeAll(async () => {
    const port = await freePort();
    state.issuer = `http://127.0.0.1:${port}`;
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-eid-idp-'));
    const secrets = loadIdpSecrets(dataDir);
    state.server = createIdpServer({
      issuer: state.issuer,
      appUrl,
      secrets,
      accessTokenTtl: 900,
      testHooks: true,
      dataDir,
    });
    await new Promise<void>((resolve) => state.server.listen(port, '127.0.0.1', resolve));
    vi.stubEnv('SIGNER_OIDC_ISSUER', state.issuer);
    vi.stubEnv('SIGNER_OIDC_CLIENT_ID', SIGNER_CLIENT_ID);
    vi.stubEnv('SIGNER_OIDC_CLIENT_SECRET', signerClientSecret(secrets));
  });
  afterAll(async () => {
    state.server.closeAllConnections();
    await new Promise((resolve) => state.server.close(resolve));
  });

  /** Switches the provider's ID-token tampering (scripts/idp/test-variant.ts). */
  async function variant(name: TTestVariant) {
    const response = await fetch(`${state.issuer}/__test/variant`, { method: 'POST', body: name });
    if (response.status !== 204) throw new Error(`variant ${name}: ${response.status}`);
  }

  /**
   * A person in a browser at the provider: opens the authorization URL,
   * follows its redirects with the provider's cookies, fills the sign-in form
   * of scripts/idp/pages.ts (or presses Cancel), until the provider redirects
   * back to the app. Returns that callback URL.
   */
  async function signInAt(authorizationUrl: string, email: string, options: { cancel?: boolean } = {}): Promise<URL> {
    const jar = new Map<string, string>();
    let url = new URL(authorizationUrl);
    let init: RequestInit = {};
    for (let step = 0; step < 12; step++) {
      const cookie = [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await fetch(url, {
        ...init,
        redirect: 'manual',
        headers: { ...(init.headers as Record<string, string>), cookie },
      });
      for (const line of response.headers.getSetCookie()) {
        const [pair = ''] = line.split(';');
        const at = pair.indexOf('=');
        jar.set(pair.slice(0, at), pair.slice(at + 1));
      }
      const location = response.headers.get('location');
      if (response.status >= 300 && response.status < 400 && location) {
        const next = new URL(location, url);
        if (next.origin !== url.origin && next.origin !== state.issuer) return next;
        url = next;
        init = {};
        continue;
      }
      const html = await response.text();
      const action = /<form method="post" action="([^"]+)"/.exec(html)?.[1];
      if (response.status !== 200 || !action)
        throw new Error(`unexpected answer ${response.status} at ${url.pathname}: ${html.slice(0, 300)}`);
      url = new URL(action.replaceAll('&amp;', '&'), url);
      const form: Record<string, string> = options.cancel
        ? { email, password: '', cancel: 'yes' }
        : { email, password: DEMO_PASSWORD };
      init = {
        method: 'POST',
        body: new URLSearchParams(form).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
      };
    }
    throw new Error('the provider never sent the browser back');
  }

  return { state, variant, signInAt };
}
