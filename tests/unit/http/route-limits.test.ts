import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_MARKER } from '@/lib/server/http/client-address';
import { appDatabase, tempDir } from '../db/helpers';

// The routes as Next calls them, with the limits counted in a private SQLite file. Who is signed in,
// the upload itself and next-auth are stood in for: what is under test is that each route asks the
// limiter first and answers 429 with Retry-After.
vi.mock('@/lib/server/auth/require-user', () => ({
  requireUser: async () => ({ id: 'user-1', email: 'ana@example.com' }),
}));
vi.mock('@/lib/server/documents/upload/upload-document', () => ({
  uploadMultipartDocument: async () => ({ uploadResult: 'OK' }),
  uploadLegacyDocument: async () => ({ uploadResult: 'OK' }),
}));
vi.mock('@/lib/server/auth/start-sign-in', () => ({
  startSignIn: async () => new Response(null, { status: 302, headers: { location: 'http://idp.localhost/authorize' } }),
}));
vi.mock('@/lib/server/auth/auth', () => ({
  handlers: {
    GET: async () => new Response(null, { status: 302, headers: { location: '/welcome' } }),
    POST: async () => new Response(null, { status: 302, headers: { location: '/welcome' } }),
  },
}));

const dataDir = tempDir('signet-route-limits-');
let db: TDbClient;
type Handler = (request: Request) => Promise<Response>;

beforeAll(async () => {
  (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER] = true;
  db = await appDatabase(dataDir, { APP_URL: 'http://localhost:3000', RATE_LIMITS: 'upload=3/600,signIn=2/300' });
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER];
  await db.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await db.rateLimiterFlexible.deleteMany();
});

function request(url: string, method: string, headers: Record<string, string> = {}) {
  return new Request(`http://localhost:3000${url}`, {
    method,
    headers: { [SOCKET_ADDRESS_HEADER]: '192.0.2.10', ...headers },
  });
}

async function expectLimited(response: Response, minRetryAfter: number) {
  expect(response.status).toBe(429);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(minRetryAfter);
  expect(((await response.json()) as { code: string }).code).toBe('RATE_LIMITED');
}

describe('uploads per user', () => {
  it('counts both upload routes against one per-user limit and answers 429 with Retry-After', async () => {
    const multipart = (await import('@/app/api/documents/route')).POST as unknown as (
      r: Request,
      c: unknown,
    ) => Promise<Response>;
    const legacy = (await import('@/app/(legacy)/REST/uploadDocument/route')).POST as unknown as (
      r: Request,
      c: unknown,
    ) => Promise<Response>;
    expect((await multipart(request('/api/documents', 'POST'), {})).status).toBe(201);
    expect((await legacy(request('/REST/uploadDocument', 'POST'), {})).status).toBe(200);
    // From another address: still the same user, so still the same bucket.
    expect(
      (await multipart(request('/api/documents', 'POST', { [SOCKET_ADDRESS_HEADER]: '198.51.100.1' }), {})).status,
    ).toBe(201);
    const refusals = [
      await multipart(request('/api/documents', 'POST'), {}),
      await legacy(request('/REST/uploadDocument', 'POST'), {}),
    ];
    for (const refused of refusals) {
      // Refused before its body is read: the answer closes the connection, so the server does not receive the rest.
      expect(refused.headers.get('connection')).toBe('close');
      await expectLimited(refused, 590);
    }
  });
});

describe('sign-in', () => {
  it('limits sign-in starts and provider callbacks per client address, not other auth endpoints', async () => {
    const login = (await import('@/app/api/auth/login/route')).GET as Handler;
    const nextAuth = await import('@/app/api/auth/[...nextauth]/route');
    const callbackGet = nextAuth.GET as unknown as Handler;
    expect((await login(request('/api/auth/login', 'GET'))).status).toBe(302);
    expect((await callbackGet(request('/api/auth/callback/oidc?code=x&state=y', 'GET'))).status).toBe(302);
    await expectLimited(await login(request('/api/auth/login', 'GET')), 290);
    await expectLimited(await (nextAuth.POST as unknown as Handler)(request('/api/auth/callback/oidc', 'POST')), 290);
    // A forged X-Forwarded-For is no way around it; another client is not affected.
    await expectLimited(await login(request('/api/auth/login', 'GET', { 'x-forwarded-for': '203.0.113.1' })), 290);
    expect((await login(request('/api/auth/login', 'GET', { [SOCKET_ADDRESS_HEADER]: '192.0.2.11' }))).status).toBe(
      302,
    );
    // The session endpoint is not a sign-in.
    expect((await callbackGet(request('/api/auth/session', 'GET'))).status).toBe(302);
  });
});
