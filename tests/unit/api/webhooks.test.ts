import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// One allowed plain-http receiver (as a developer's or a test's), set before the app's environment loads.
beforeAll(() => void vi.stubEnv('OUTBOUND_ALLOW_HOSTS', '127.0.0.1:4999'));

const { world, call } = apiWorld();

let list: typeof import('@/app/api/v1/webhooks/route');
let one: typeof import('@/app/api/v1/webhooks/[id]/route');
let secrets: typeof import('@/lib/server/webhooks/webhook-secret');

beforeAll(async () => {
  list = await import('@/app/api/v1/webhooks/route');
  one = await import('@/app/api/v1/webhooks/[id]/route');
  secrets = await import('@/lib/server/webhooks/webhook-secret');
});

const create = (body: unknown, key?: string | null) => call(list.POST, 'POST', '/api/v1/webhooks', { body, key });
const index = (key?: string | null, query = '') => call(list.GET, 'GET', `/api/v1/webhooks${query}`, { key });
const remove = (id: string, key?: string | null) =>
  call(one.DELETE, 'DELETE', `/api/v1/webhooks/${id}`, { params: { id }, key });
const stored = () => world.client.webhook.count();

describe('POST /api/v1/webhooks', () => {
  it('creates a webhook and shows its secret once; the secret is stored encrypted, never in plain text', async () => {
    const answer = await create({
      url: 'https://hooks.example.com/signet',
      events: ['document.sent', 'document.completed', 'document.sent'],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      id: expect.any(String),
      url: 'https://hooks.example.com/signet',
      events: ['document.sent', 'document.completed'],
      active: true,
    });
    const secret = answer.body?.secret as string;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);

    const row = await world.client.webhook.findUniqueOrThrow({ where: { id: answer.body?.id as string } });
    expect(row.ownerId).toBe(world.owner.id);
    expect(Buffer.from(row.encryptedSecret).includes(Buffer.from(secret))).toBe(false);
    expect(secrets.decryptWebhookSecret(row.id, row.encryptedSecret)).toBe(secret);
    // Bound to its webhook: the sealed secret does not open under another id.
    expect(() => secrets.decryptWebhookSecret('another-id', row.encryptedSecret)).toThrow();

    const listed = await index();
    expect(listed.status).toBe(200);
    const items = listed.body?.items as Record<string, unknown>[];
    expect(items.find((item) => item.id === row.id)).toEqual({
      id: row.id,
      url: 'https://hooks.example.com/signet',
      events: ['document.sent', 'document.completed'],
      createdAt: row.createdAt.toISOString(),
      active: true,
      recentDeliveries: [],
    });
    expect(JSON.stringify(listed.body)).not.toContain(secret);
    expect(listed.body?.nextCursor).toBeNull();
  });

  it('allows plain http only to a host:port the operator listed in OUTBOUND_ALLOW_HOSTS', async () => {
    expect((await create({ url: 'http://127.0.0.1:4999/hook', events: ['recipient.signed'] })).status).toBe(201);
  });

  it.each([
    ['not a URL', 'hooks example', /valid URL/],
    ['plain http', 'http://hooks.example.com/x', /https/],
    ['another scheme', 'ftp://hooks.example.com/x', /https/],
    ['credentials', 'https://user:pw@hooks.example.com/x', /credentials/],
    ['loopback', 'https://127.0.0.1/x', /private network/],
    ['a loopback port not listed', 'http://127.0.0.1:5000/x', /https/],
    ['loopback, https, a port not listed', 'https://127.0.0.1:5000/x', /private network/],
    ['localhost', 'https://localhost:8443/x', /private network/],
    ['private range', 'https://10.1.2.3/x', /private network/],
    ['private range 192.168', 'https://192.168.0.10/x', /private network/],
    ['cloud metadata', 'https://169.254.169.254/latest', /private network/],
    ['IPv6 loopback', 'https://[::1]/x', /private network/],
    ['IPv4-mapped IPv6', 'https://[::ffff:10.0.0.1]/x', /private network/],
    ['unspecified', 'https://0.0.0.0/x', /private network/],
    ['loopback written as one number', 'https://2130706433/x', /private network/],
    ['loopback in hex parts', 'https://0x7f.1/x', /private network/],
  ])('refuses %s with 400 naming url, and stores nothing', async (_what, url, message) => {
    const before = await stored();
    const answer = await create({ url, events: ['document.sent'] });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body?.code).toBe('INVALID_INPUT');
    expect(answer.body?.errors).toEqual([{ path: 'url', message: expect.stringMatching(message) }]);
    expect(await stored()).toBe(before);
  });

  it.each([
    ['an unknown event', { url: 'https://hooks.example.com/x', events: ['document.deleted'] }, 'events.0'],
    ['no events', { url: 'https://hooks.example.com/x', events: [] }, 'events'],
    ['events missing', { url: 'https://hooks.example.com/x' }, 'events'],
    ['url missing', { events: ['document.sent'] }, 'url'],
  ])('refuses %s with 400, and stores nothing', async (_what, body, path) => {
    const before = await stored();
    const answer = await create(body);
    expect(answer.status).toBe(400);
    expect(answer.body?.errors?.map((error) => error.path)).toContain(path);
    expect(await stored()).toBe(before);
  });

  it('answers 401 without credentials or with a wrong key, and stores nothing', async () => {
    const before = await stored();
    for (const key of [null, 'sgn_wrong']) {
      const answer = await create({ url: 'https://hooks.example.com/x', events: ['document.sent'] }, key);
      expect(answer.status).toBe(401);
      expect(answer.body?.code).toBe('UNAUTHORIZED');
      expect((await index(key)).status).toBe(401);
    }
    expect(await stored()).toBe(before);
  });

  it('refuses a 21st webhook with 409', async () => {
    const user = await world.client.user.create({ data: { email: 'many@example.com' } });
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const key = (await createApiKey(user.id, 'many')).secret;
    for (let n = 0; n < 20; n++)
      expect((await create({ url: `https://hooks.example.com/${n}`, events: ['document.sent'] }, key)).status).toBe(
        201,
      );
    const refused = await create({ url: 'https://hooks.example.com/21', events: ['document.sent'] }, key);
    expect(refused.status).toBe(409);
    expect(refused.body?.code).toBe('CONFLICT');
    expect(await world.client.webhook.count({ where: { ownerId: user.id } })).toBe(20);

    // The list (docs/webhooks.md): ?limit= and ?cursor=, newest first, every webhook once (a second apart, so the order is known).
    for (let n = 0; n < 20; n++) {
      await world.client.webhook.updateMany({
        where: { ownerId: user.id, url: `https://hooks.example.com/${n}` },
        data: { createdAt: new Date(Date.UTC(2026, 0, 1, 0, 0, n)) },
      });
    }
    const seen: string[] = [];
    let cursor: string | null = null;
    const sizes: number[] = [];
    do {
      const page = await index(key, `?limit=8${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      const items = page.body?.items as { id: string; url: string }[];
      sizes.push(items.length);
      seen.push(...items.map((item) => item.url));
      cursor = page.body?.nextCursor as string | null;
    } while (cursor);
    expect(sizes).toEqual([8, 8, 4]);
    expect(seen).toEqual(Array.from({ length: 20 }, (_, n) => `https://hooks.example.com/${19 - n}`));
    expect((await index(key, '?cursor=nonsense')).status).toBe(400);
    expect((await index(key, '?limit=101')).status).toBe(400);
  });
});

describe('GET and DELETE /api/v1/webhooks', () => {
  it("lists only the caller's webhooks; another owner's id is 404 and stays; the owner's own delete is 204", async () => {
    const mine = await create({ url: 'https://hooks.example.com/mine', events: ['document.cancelled'] });
    const theirs = await create(
      { url: 'https://hooks.example.com/theirs', events: ['document.expired'] },
      world.otherKey,
    );
    const mineId = mine.body?.id as string;
    const theirsId = theirs.body?.id as string;

    const ids = (await index()).body?.items as { id: string }[];
    expect(ids.map((item) => item.id)).toContain(mineId);
    expect(ids.map((item) => item.id)).not.toContain(theirsId);

    const foreign = await remove(theirsId);
    expect(foreign.status).toBe(404);
    expect(foreign.body?.code).toBe('NOT_FOUND');
    expect(await world.client.webhook.findUnique({ where: { id: theirsId } })).not.toBeNull();
    expect((await remove('no-such-id')).status).toBe(404);
    expect((await remove(mineId, null)).status).toBe(401);

    const deleted = await remove(mineId);
    expect(deleted.status).toBe(204);
    expect(await world.client.webhook.findUnique({ where: { id: mineId } })).toBeNull();
    expect((await remove(mineId)).status).toBe(404);
  });
});
