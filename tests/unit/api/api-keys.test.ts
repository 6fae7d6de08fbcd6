import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_SCOPES } from '@/lib/api/v1/api-keys';
import { apiWorld } from './helpers';

// The signed-in owner when `session.user` is set (next-auth mocked; its cookie path is tested in tests/unit/auth).
const session = vi.hoisted(() => ({ user: null as { id: string } | null, version: 0 }));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (session.user ? { user: session.user, sessionVersion: session.version } : null),
  signOut: async () => undefined,
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call } = apiWorld();

let keysRoute: typeof import('@/app/api/v1/api-keys/route');
let keyRoute: typeof import('@/app/api/v1/api-keys/[id]/route');
let documentsRoute: typeof import('@/app/api/v1/documents/route');
let hooksRoute: typeof import('@/app/api/v1/webhooks/route');
let logoutRoute: typeof import('@/app/api/auth/logout/route');

beforeAll(async () => {
  keysRoute = await import('@/app/api/v1/api-keys/route');
  keyRoute = await import('@/app/api/v1/api-keys/[id]/route');
  documentsRoute = await import('@/app/api/v1/documents/route');
  hooksRoute = await import('@/app/api/v1/webhooks/route');
  logoutRoute = await import('@/app/api/auth/logout/route');
});

/** Calls as the signed-in owner (no Authorization header). */
async function asOwner<T>(work: () => Promise<T>): Promise<T> {
  const user = await world.client.user.findUniqueOrThrow({ where: { id: world.owner.id } });
  session.user = { id: user.id };
  session.version = user.sessionVersion;
  try {
    return await work();
  } finally {
    session.user = null;
  }
}

const createKey = (body: unknown) =>
  asOwner(() => call(keysRoute.POST, 'POST', '/api/v1/api-keys', { body, key: null }));
const listKeys = () => asOwner(() => call(keysRoute.GET, 'GET', '/api/v1/api-keys', { key: null }));
const revokeKey = (id: string) =>
  asOwner(() => call(keyRoute.DELETE, 'DELETE', `/api/v1/api-keys/${id}`, { params: { id }, key: null }));
const documents = (key: string) => call(documentsRoute.GET, 'GET', '/api/v1/documents', { key });
const addWebhook = (key: string, path: string) =>
  call(hooksRoute.POST, 'POST', '/api/v1/webhooks', {
    body: { url: `https://hooks.example.com${path}`, events: ['document.sent'] },
    key,
  });
const liveKeys = () => world.client.apiKey.count({ where: { ownerId: world.owner.id, revokedAt: null } });

describe('POST /api/v1/api-keys', () => {
  it('gives a key every scope when none are asked for, ending with sessions only when chosen; the list shows both', async () => {
    const answer = await createKey({ name: 'Everything' });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Everything',
      prefix: expect.stringMatching(/^sgn_/),
      scopes: [...API_SCOPES],
      endsWithSessions: false,
      createdAt: expect.any(String),
      lastUsedAt: null,
      secret: expect.stringMatching(/^sgn_/),
    });
    const listed = (await listKeys()).body?.items as { id: string; scopes: string[]; endsWithSessions: boolean }[];
    expect(listed.find((key) => key.id === answer.body?.id)).toMatchObject({
      scopes: [...API_SCOPES],
      endsWithSessions: false,
    });
    expect(JSON.stringify(listed)).not.toContain(answer.body?.secret as string);
  });

  it('stores the chosen scopes once each in their canonical order, and the choice to end with the sessions', async () => {
    const answer = await createKey({
      name: 'Reader',
      scopes: ['webhooks:manage', 'documents:read', 'documents:read'],
      endsWithSessions: true,
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({ scopes: ['documents:read', 'webhooks:manage'], endsWithSessions: true });
    const row = await world.client.apiKey.findUniqueOrThrow({ where: { id: answer.body?.id as string } });
    expect(row).toMatchObject({ scopes: 'documents:read webhooks:manage', endsWithSessions: true });
    // The key can do what it says and nothing more.
    const key = answer.body?.secret as string;
    expect((await documents(key)).status).toBe(200);
    const upload = await call(documentsRoute.POST, 'POST', '/api/v1/documents', {
      body: { name: 'x.pdf', content: 'JVBERi0=' },
      key,
    });
    expect(upload.status).toBe(403);
    expect(upload.body).toMatchObject({ code: 'MISSING_SCOPE', scope: 'documents:write' });
  });

  it.each([
    ['no scope', { name: 'None', scopes: [] }, 'scopes'],
    ['an unknown scope', { name: 'Admin', scopes: ['admin'] }, 'scopes.0'],
    ['a name-less key', { scopes: ['documents:read'] }, 'name'],
    ['endsWithSessions that is not a boolean', { name: 'X', endsWithSessions: 'yes' }, 'endsWithSessions'],
  ])('refuses %s with 400 naming the path, and stores nothing', async (_what, body, path) => {
    const before = await liveKeys();
    const answer = await createKey(body);
    expect(answer.status).toBe(400);
    expect(answer.body?.errors?.map((error) => error.path)).toContain(path);
    expect(await liveKeys()).toBe(before);
  });

  it('is refused to a key, even one with every scope (403 FORBIDDEN): keys are managed from a session', async () => {
    const before = await liveKeys();
    const answer = await call(keysRoute.POST, 'POST', '/api/v1/api-keys', { body: { name: 'Minted' } });
    expect(answer.status).toBe(403);
    expect(answer.body?.code).toBe('FORBIDDEN');
    expect(await liveKeys()).toBe(before);
  });
});

describe('keys stored before scopes were enforced', () => {
  it("read the legacy 'documents' as documents:read and documents:write, and nothing else", async () => {
    const { hashApiKey } = await import('@/lib/server/api-keys/api-key-secret');
    const secret = 'sgn_legacy-key-made-before-scopes-0000000000000';
    const row = await world.client.apiKey.create({
      data: {
        ownerId: world.owner.id,
        workspaceId: world.owner.id,
        name: 'Old',
        prefix: secret.slice(0, 12),
        hash: hashApiKey(secret),
        scopes: 'documents',
      },
    });
    expect((await documents(secret)).status).toBe(200);
    const upload = await call(documentsRoute.POST, 'POST', '/api/v1/documents', {
      body: { name: 'x.pdf', content: 'JVBERi0=' },
      key: secret,
    });
    expect(upload.body?.code).not.toBe('MISSING_SCOPE'); // refused for its content (not a PDF), past the scope check
    const hook = await addWebhook(secret, '/legacy');
    expect(hook.status).toBe(403);
    expect(hook.body).toMatchObject({ code: 'MISSING_SCOPE', scope: 'webhooks:manage' });
    const listed = (await listKeys()).body?.items as { id: string; scopes: string[] }[];
    expect(listed.find((key) => key.id === row.id)?.scopes).toEqual(['documents:read', 'documents:write']);
  });
});

describe('DELETE /api/v1/api-keys/{id}', () => {
  it("revokes the key and disables the webhooks it registered, not the session's nor another key's", async () => {
    const doomed = (await createKey({ name: 'Doomed', scopes: ['webhooks:manage'] })).body?.secret as string;
    const doomedId = (await world.client.apiKey.findMany({ where: { name: 'Doomed' } }))[0]!.id;
    const fromKey = (await addWebhook(doomed, '/doomed')).body?.id as string;
    const fromOtherKey = (await addWebhook(world.key, '/other')).body?.id as string;
    const fromSession = (
      await asOwner(() =>
        call(hooksRoute.POST, 'POST', '/api/v1/webhooks', {
          body: { url: 'https://hooks.example.com/session', events: ['document.sent'] },
          key: null,
        }),
      )
    ).body?.id as string;

    expect((await revokeKey(doomedId)).status).toBe(204);
    expect((await documents(doomed)).status).toBe(401);
    const active = async (id: string) => (await world.client.webhook.findUniqueOrThrow({ where: { id } })).active;
    expect([await active(fromKey), await active(fromOtherKey), await active(fromSession)]).toEqual([false, true, true]);
    expect((await revokeKey(doomedId)).status).toBe(404);
  });
});

describe('"Sign out everywhere"', () => {
  const logout = (everywhere: boolean) =>
    asOwner(() =>
      call(logoutRoute.POST, 'POST', '/api/auth/logout', { body: { locale: 'en', everywhere }, key: null }),
    );

  it('revokes the keys made to end with the sessions (disabling their webhooks) and leaves the others working', async () => {
    const ending = await createKey({
      name: 'Ends with sessions',
      scopes: ['documents:read', 'webhooks:manage'],
      endsWithSessions: true,
    });
    const staying = await createKey({ name: 'Survives', scopes: ['documents:read'] });
    const endingKey = ending.body?.secret as string;
    const hook = (await addWebhook(endingKey, '/ends')).body?.id as string;
    const versionBefore = (await world.client.user.findUniqueOrThrow({ where: { id: world.owner.id } })).sessionVersion;

    // A plain sign-out ends only this browser's session: no key is touched.
    expect((await logout(false)).status).toBe(200);
    expect((await documents(endingKey)).status).toBe(200);

    expect((await logout(true)).status).toBe(200);
    expect((await world.client.user.findUniqueOrThrow({ where: { id: world.owner.id } })).sessionVersion).toBe(
      versionBefore + 1,
    );
    expect((await documents(endingKey)).status).toBe(401);
    expect((await world.client.webhook.findUniqueOrThrow({ where: { id: hook } })).active).toBe(false);
    expect((await documents(staying.body?.secret as string)).status).toBe(200);
    expect((await documents(world.key)).status).toBe(200);
    const listed = (await listKeys()).body?.items as { id: string }[];
    expect(listed.map((key) => key.id)).not.toContain(ending.body?.id);
    expect(listed.map((key) => key.id)).toContain(staying.body?.id);
  });
});
