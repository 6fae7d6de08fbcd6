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
const uploads = vi.hoisted(() => ({
  multipart: vi.fn(async (_body: { kind: string }, _uploader: { workspaceId: string }) => ({ uploadResult: 'OK' })),
  legacy: vi.fn(async (_body: { kind: string }, _uploader: { workspaceId: string }) => ({ uploadResult: 'OK' })),
}));
vi.mock('@/lib/server/documents/upload/upload-document', () => ({
  uploadMultipartDocument: uploads.multipart,
  uploadLegacyDocument: uploads.legacy,
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
  // The signed-in user requireUser stands in for; uploads go to their personal workspace.
  await db.user.create({ data: { id: 'user-1', email: 'ana@example.com' } });
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER];
  await db.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await db.rateLimiterFlexible.deleteMany();
  uploads.multipart.mockClear();
  uploads.legacy.mockClear();
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

type TRoute = (r: Request, c: unknown) => Promise<Response>;
const multipartRoute = async () => (await import('@/app/api/documents/route')).POST as unknown as TRoute;
const legacyRoute = async () => (await import('@/app/(legacy)/REST/uploadDocument/route')).POST as unknown as TRoute;
const MULTIPART = { 'content-type': 'multipart/form-data; boundary=x' };
const FORM = { 'content-type': 'application/x-www-form-urlencoded' };

describe('uploads per user', () => {
  it('counts both upload routes against one per-user limit and answers 429 with Retry-After', async () => {
    const multipart = await multipartRoute();
    const legacy = await legacyRoute();
    expect((await multipart(request('/api/documents', 'POST', MULTIPART), {})).status).toBe(201);
    expect((await legacy(request('/REST/uploadDocument', 'POST', FORM), {})).status).toBe(200);
    // From another address: still the same user, so still the same bucket.
    expect(
      (
        await multipart(
          request('/api/documents', 'POST', { ...MULTIPART, [SOCKET_ADDRESS_HEADER]: '198.51.100.1' }),
          {},
        )
      ).status,
    ).toBe(201);
    const refusals = [
      await multipart(request('/api/documents', 'POST', MULTIPART), {}),
      await legacy(request('/REST/uploadDocument', 'POST', FORM), {}),
    ];
    for (const refused of refusals) {
      // Refused before its body is read: the answer closes the connection, so the server does not receive the rest.
      expect(refused.headers.get('connection')).toBe('close');
      await expectLimited(refused, 590);
    }
  });
});

describe('the upload routes tell bodies apart at the edge', () => {
  it('hand each operation the body kind it takes, and answer 415 for any other without calling it', async () => {
    const multipart = await multipartRoute();
    const legacy = await legacyRoute();
    expect((await multipart(request('/api/documents', 'POST', MULTIPART), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[0]?.[0].kind).toBe('multipart');
    expect((await legacy(request('/REST/uploadDocument', 'POST', FORM), {})).status).toBe(200);
    expect(uploads.legacy.mock.calls[0]?.[0].kind).toBe('form');

    const json = { 'content-type': 'application/json' };
    const wrong: [TRoute, string, Record<string, string>][] = [
      [multipart, '/api/documents', json],
      [multipart, '/api/documents', FORM],
      [legacy, '/REST/uploadDocument', json],
      [legacy, '/REST/uploadDocument', MULTIPART],
    ];
    for (const [route, url, headers] of wrong) {
      await db.rateLimiterFlexible.deleteMany(); // three uploads per ten minutes here
      const refused = await route(request(url, 'POST', headers), {});
      expect(refused.status, `${url} ${headers['content-type']}`).toBe(415);
      expect(((await refused.json()) as { code: string }).code).toBe('UNSUPPORTED_MEDIA_TYPE');
      expect(refused.headers.get('connection')).toBe('close');
    }
    expect(uploads.multipart).toHaveBeenCalledTimes(1);
    expect(uploads.legacy).toHaveBeenCalledTimes(1);
  });

  it('upload to the personal workspace, or to one X-Signet-Workspace (else the current-workspace cookie) names that the user is in; 404 otherwise', async () => {
    const multipart = await multipartRoute();
    expect((await multipart(request('/api/documents', 'POST', MULTIPART), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[0]?.[1]).toMatchObject({ id: 'user-1', workspaceId: 'user-1', plan: 'FREE' });
    const team = await db.workspace.create({ data: { name: 'Crew', plan: 'PRO' } });
    await db.membership.create({ data: { workspaceId: team.id, userId: 'user-1' } });
    const named = { ...MULTIPART, 'x-signet-workspace': team.id };
    expect((await multipart(request('/api/documents', 'POST', named), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[1]?.[1]).toMatchObject({ workspaceId: team.id, plan: 'PRO' });
    const stranger = await db.workspace.create({ data: { name: 'Elsewhere' } });
    const refused = await multipart(
      request('/api/documents', 'POST', { ...MULTIPART, 'x-signet-workspace': stranger.id }),
      {},
    );
    expect(refused.status).toBe(404);
    expect(uploads.multipart).toHaveBeenCalledTimes(2);

    // Without the header, the browser's current workspace (the switcher's cookie), as v1 session calls; a cookie
    // naming a workspace the user is not in (a team left) falls back to the personal one.
    await db.rateLimiterFlexible.deleteMany();
    const current = { ...MULTIPART, cookie: `signet-workspace=${team.id}` };
    expect((await multipart(request('/api/documents', 'POST', current), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[2]?.[1]).toMatchObject({ workspaceId: team.id, plan: 'PRO' });
    const stale = { ...MULTIPART, cookie: `signet-workspace=${stranger.id}` };
    expect((await multipart(request('/api/documents', 'POST', stale), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[3]?.[1]).toMatchObject({ workspaceId: 'user-1', plan: 'FREE' });
  });

  it("without the header, upload to the browser's current workspace (its cookie) while the user is in it; else personal", async () => {
    const multipart = await multipartRoute();
    const team = await db.workspace.create({ data: { name: 'Cookie crew' } });
    await db.membership.create({ data: { workspaceId: team.id, userId: 'user-1' } });
    const stranger = await db.workspace.create({ data: { name: 'Cookie elsewhere' } });
    const cookie = (id: string) => ({ ...MULTIPART, cookie: `signet-workspace=${id}` });
    expect((await multipart(request('/api/documents', 'POST', cookie(team.id)), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[0]?.[1]).toMatchObject({ workspaceId: team.id });
    expect((await multipart(request('/api/documents', 'POST', cookie(stranger.id)), {})).status).toBe(201);
    expect(uploads.multipart.mock.calls[1]?.[1]).toMatchObject({ workspaceId: 'user-1' });
  });

  it("close the connection on the operation's refusal (its body may be unread), not on an unexpected error", async () => {
    const { AppError } = await import('@/lib/errors');
    const multipart = await multipartRoute();
    uploads.multipart.mockRejectedValueOnce(new AppError('PAYLOAD_TOO_LARGE', 'The file is larger than allowed.'));
    const refused = await multipart(request('/api/documents', 'POST', MULTIPART), {});
    expect(refused.status).toBe(413);
    expect(refused.headers.get('connection')).toBe('close');
    uploads.multipart.mockRejectedValueOnce(new Error('disk on fire'));
    const failed = await multipart(request('/api/documents', 'POST', MULTIPART), {});
    expect(failed.status).toBe(500);
    expect(failed.headers.get('connection')).toBeNull();
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
