import { NextRequest } from 'next/server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

type TProxy = (request: NextRequest) => Promise<Response>;
let proxy: TProxy;

beforeAll(async () => {
  vi.stubEnv('APP_URL', 'http://localhost:3000');
  vi.stubEnv('LOG_LEVEL', 'error');
  ({ proxy } = (await import('@/proxy')) as unknown as { proxy: TProxy });
});

afterAll(() => vi.unstubAllEnvs());

function post(headers: Record<string, string>) {
  return new NextRequest('http://localhost:3000/api/me', { method: 'PATCH', headers });
}

describe('the proxy on API calls', () => {
  it('asks a session request for the anti-forgery header even when it carries an Authorization header', async () => {
    const forged = await proxy(
      post({ cookie: 'authjs.session-token=abc; XSRF-TOKEN=t1', authorization: 'Bearer made-up' }),
    );
    expect(forged.status).toBe(403);
    const honest = await proxy(post({ cookie: 'authjs.session-token=abc; XSRF-TOKEN=t1', 'x-xsrf-token': 't1' }));
    expect(honest.status).toBe(200);
  });

  it('answers a malformed cookie value without a 500', async () => {
    const response = await proxy(
      post({ cookie: 'authjs.session-token=abc; XSRF-TOKEN=%E0%A4%A', 'x-xsrf-token': '%E0%A4%A' }),
    );
    expect(response.status).toBeLessThan(500);
  });
});
