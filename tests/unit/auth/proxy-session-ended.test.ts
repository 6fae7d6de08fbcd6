import { NextRequest } from 'next/server';
import { afterAll, beforeAll, expect, it, vi } from 'vitest';

// A session that ended elsewhere (signed out everywhere, deleted, demoted), as the proxy's re-check finds it.
vi.mock('@/lib/server/auth/read-session-token', () => ({ readSessionToken: async () => ({ uid: 'user-1', sv: 0 }) }));
vi.mock('@/lib/server/auth/session-check', () => ({ isSessionCurrent: async () => false }));

type TProxy = (request: NextRequest) => Promise<Response>;
let proxy: TProxy;

beforeAll(async () => {
  vi.stubEnv('APP_URL', 'https://sign.example.com');
  vi.stubEnv('LOG_LEVEL', 'error');
  ({ proxy } = (await import('@/proxy')) as unknown as { proxy: TProxy });
});

afterAll(() => vi.unstubAllEnvs());

it('clears an ended __Secure- session cookie with Secure, which browsers require to remove it', async () => {
  const response = await proxy(
    new NextRequest('https://sign.example.com/dashboard', {
      headers: { cookie: '__Secure-authjs.session-token=stale' },
    }),
  );
  expect(response.status).toBeGreaterThanOrEqual(300);
  const cleared = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__Secure-authjs.session-token='));
  expect(cleared).toMatch(/^__Secure-authjs\.session-token=;/);
  expect(cleared).toMatch(/;\s*Secure/i);
  expect(cleared).toMatch(/Expires=Thu, 01 Jan 1970/i);
});
