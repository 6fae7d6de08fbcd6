import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '../db/helpers';

// What Next gives the route: request headers (next/headers) and the session (next-auth's auth()); the users are real SQLite rows.
const requestHeaders = { current: new Headers() };
const session = { current: null as { user: { id: string } } | null };
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));
vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => session.current }));

const dataDir = tempDir('signet-delete-user-');
let db: TDbClient;
let DELETE: (request: Request, context: { params: Promise<{ id: string }> }) => Response | Promise<Response>;

beforeAll(async () => {
  db = await appDatabase(dataDir, { APP_URL: 'http://localhost:3000' });
  ({ DELETE } = await import('@/app/api/admin/users/[id]/route'));
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
});

const COOKIE = 'authjs.session-token=valid; XSRF-TOKEN=t1';

function remove(id: string, headers: Record<string, string> = { cookie: COOKIE, 'x-xsrf-token': 't1' }) {
  return Promise.resolve(
    DELETE(new Request(`http://localhost:3000/api/admin/users/${id}`, { method: 'DELETE', headers }), {
      params: Promise.resolve({ id }),
    }),
  );
}

async function problem(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  return (await response.json()) as { code: string; detail?: string };
}

let admin: { id: string };
let target: { id: string };
let blobKey: string;
const blobExists = async () => (await import('@/lib/server/storage/get-blob-store')).getBlobStore().exists(blobKey);

beforeEach(async () => {
  const tag = Math.random().toString(36).slice(2, 8);
  admin = await db.user.create({ data: { email: `admin-${tag}@example.com`, role: 'ADMIN' } });
  target = await db.user.create({
    data: { email: `ana-${tag}@example.com`, identities: { create: { issuer: 'http://idp', subject: tag } } },
  });
  blobKey = `documents/${tag}/original.pdf`;
  const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
  await getBlobStore().put(blobKey, Buffer.from('%PDF-1.7 stand-in'));
  await db.document.create({
    data: {
      token: `tok-${tag}`,
      name: 'a.pdf',
      ownerId: target.id,
      workspaceId: target.id,
      originalBlob: blobKey,
      originalSha256: 'x',
    },
  });
  session.current = { user: { id: admin.id } };
  requestHeaders.current = new Headers({ cookie: COOKIE });
});

describe('DELETE /api/admin/users/{id}', () => {
  it('deletes the user with their identities and documents: 204, then 404 for the same id', async () => {
    const response = await remove(target.id);
    expect(response.status).toBe(204);
    expect(await db.user.findUnique({ where: { id: target.id } })).toBeNull();
    expect(await db.userIdentity.count({ where: { userId: target.id } })).toBe(0);
    expect(await db.document.count({ where: { ownerId: target.id } })).toBe(0);
    expect(await blobExists()).toBe(false);
    const again = await remove(target.id);
    expect(again.status).toBe(404);
    expect((await problem(again)).code).toBe('NOT_FOUND');
  });

  it('refuses, changing nothing: a non-admin (403), oneself (403), a forged request (403), signed out (401), not an id (400)', async () => {
    const cases: [string, () => Promise<Response>, number, string][] = [
      ['oneself', () => remove(admin.id), 403, 'FORBIDDEN'],
      ['no anti-forgery header', () => remove(target.id, { cookie: COOKIE }), 403, 'FORBIDDEN'],
      ['not an id', () => remove('../../etc'), 400, 'INVALID_INPUT'],
    ];
    for (const [name, call, status, code] of cases) {
      const response = await call();
      expect(response.status, name).toBe(status);
      expect((await problem(response)).code, name).toBe(code);
    }
    session.current = { user: { id: target.id } };
    const byUser = await remove(admin.id);
    expect(byUser.status).toBe(403);
    session.current = null;
    expect((await remove(target.id)).status).toBe(401);
    expect(await db.user.count({ where: { id: { in: [admin.id, target.id] } } })).toBe(2);
    expect(await db.document.count({ where: { ownerId: target.id } })).toBe(1);
    expect(await blobExists()).toBe(true);
  });
});
