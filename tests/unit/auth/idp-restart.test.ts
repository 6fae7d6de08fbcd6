import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { DEMO_PASSWORD } from '@/scripts/idp/accounts';
import { LOCAL_CLIENT_ID } from '@/scripts/idp/provider-config';
import { loadIdpSecrets } from '@/scripts/idp/secrets';
import { createIdpServer } from '@/scripts/idp/server';
import { freePort } from '../../fixtures/free-port';

const appUrl = 'http://localhost:3000';
const callback = `${appUrl}/api/auth/callback/oidc`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-idp-restart-'));
let running: Server | undefined;

afterAll(async () => {
  await stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The provider as `npm start` runs it: a process of its own over the data folder (here, a server in this one). */
async function start(port: number): Promise<string> {
  const issuer = `http://127.0.0.1:${port}`;
  running = createIdpServer({
    issuer,
    appUrl,
    secrets: loadIdpSecrets(dataDir),
    accessTokenTtl: 900,
    testHooks: false,
    dataDir,
  });
  await new Promise<void>((resolve) => running?.listen(port, '127.0.0.1', resolve));
  return issuer;
}

async function stop(): Promise<void> {
  const server = running;
  running = undefined;
  if (!server) return;
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
}

function authorizationUrl(issuer: string, extra: Record<string, string> = {}): URL {
  const verifier = randomBytes(32).toString('base64url');
  const url = new URL('/auth', issuer);
  url.search = new URLSearchParams({
    client_id: LOCAL_CLIENT_ID,
    redirect_uri: callback,
    response_type: 'code',
    scope: 'openid email profile',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    ...extra,
  }).toString();
  return url;
}

type TAnswer = { status: number; location: string | undefined; cookies: string[]; body: string };

/** One request on a connection of its own: fetch's pool would reuse a connection the stopped server closed. */
function send(url: URL, cookie: string, form?: string): Promise<TAnswer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = { cookie };
    if (form)
      Object.assign(headers, {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(Buffer.byteLength(form)),
      });
    const outgoing = request(url, { method: form ? 'POST' : 'GET', headers, agent: false }, (incoming) => {
      let body = '';
      incoming.setEncoding('utf8').on('data', (chunk: string) => (body += chunk));
      incoming.on('end', () =>
        resolve({
          status: incoming.statusCode ?? 0,
          location: incoming.headers.location,
          cookies: incoming.headers['set-cookie'] ?? [],
          body,
        }),
      );
    });
    outgoing.on('error', reject);
    outgoing.end(form);
  });
}

/**
 * A browser at the provider: follows its redirects with its cookies (kept in
 * `jar` across calls, as a browser keeps them across a server restart), fills
 * the sign-in form when one is shown, until it is sent back to the app.
 * Returns that callback URL and how many sign-in forms it saw.
 */
async function browse(start: URL, jar: Map<string, string>): Promise<{ back: URL; forms: number }> {
  let url = start;
  let form: string | undefined;
  let forms = 0;
  for (let step = 0; step < 12; step++) {
    const response = await send(url, [...jar].map(([name, value]) => `${name}=${value}`).join('; '), form);
    for (const line of response.cookies) {
      const [pair = ''] = line.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
    form = undefined;
    if (response.status >= 300 && response.status < 400 && response.location) {
      const next = new URL(response.location, url);
      if (next.href.startsWith(callback)) return { back: next, forms };
      url = next;
      continue;
    }
    const action = /<form method="post" action="([^"]+)"/.exec(response.body)?.[1];
    if (response.status !== 200 || !action)
      throw new Error(`unexpected answer ${response.status} at ${url.pathname}: ${response.body.slice(0, 300)}`);
    forms++;
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = new URLSearchParams({ email: 'alice@signet.localhost', password: DEMO_PASSWORD }).toString();
  }
  throw new Error('the provider never sent the browser back');
}

describe('the local identity provider across a restart', () => {
  it('still knows a signed-in session: a silent sign-in (prompt=none) succeeds without a form', async () => {
    const warn = vi.spyOn(console, 'warn');
    const port = await freePort();
    const jar = new Map<string, string>();
    const issuer = await start(port);
    const first = await browse(authorizationUrl(issuer), jar);
    expect(first.forms).toBe(1);
    expect(first.back.searchParams.get('code')).toBeTruthy();

    await stop();
    await start(port);

    const again = await browse(authorizationUrl(issuer, { prompt: 'none' }), jar);
    expect(again.back.searchParams.get('error')).toBeNull();
    expect(again.back.searchParams.get('code')).toBeTruthy();
    expect(again.forms).toBe(0);
    // No "development-only in-memory adapter" warning: the sessions are in the data folder.
    expect(warn.mock.calls.flat().join('\n')).not.toMatch(/oidc-provider WARNING/);
    warn.mockRestore();
  });
});
