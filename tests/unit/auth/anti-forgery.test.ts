import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '../db/helpers';

// What Next would give requireUser: the request's headers (next/headers) and the session its cookie holds
// (next-auth's auth()). Both stood in for, per test; the user comes from a real SQLite database.
const requestHeaders = { current: new Headers() };
const session = { current: null as { user: { id: string } } | null };
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));
vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => session.current }));

const dataDir = tempDir('signet-anti-forgery-');
let db: TDbClient;

beforeAll(async () => {
  db = await appDatabase(dataDir, { APP_URL: 'http://localhost:3000' });
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
});

function upload(headers: Record<string, string>) {
  return new Request('http://localhost:3000/api/documents', { method: 'POST', headers });
}

describe('the anti-forgery check of the upload routes', () => {
  it('is not skipped because an Authorization header is present while the session cookie is sent', async () => {
    const { assertNotForged } = await import('@/lib/server/auth/assert-not-forged');
    const request = upload({ cookie: 'authjs.session-token=abc; XSRF-TOKEN=t1', authorization: 'Bearer anything' });
    expect(() => assertNotForged(request)).toThrow('Missing or wrong X-XSRF-TOKEN header.');
    expect(() =>
      assertNotForged(upload({ cookie: 'authjs.session-token=abc; XSRF-TOKEN=t1', 'x-xsrf-token': 't1' })),
    ).not.toThrow();
  });

  it('answers a malformed cookie value (bad percent-encoding) without a 500', async () => {
    const { assertNotForged } = await import('@/lib/server/auth/assert-not-forged');
    const cookie = 'authjs.session-token=abc; XSRF-TOKEN=%E0%A4%A';
    expect(() => assertNotForged(upload({ cookie, 'x-xsrf-token': '%E0%A4%A' }))).not.toThrow();
    requestHeaders.current = new Headers({ cookie });
    session.current = null;
    const { POST } = await import('@/app/api/documents/route');
    const response = await (POST as unknown as (r: Request, c: unknown) => Promise<Response>)(
      upload({ cookie, 'x-xsrf-token': 'other' }),
      {},
    );
    expect(response.status).toBe(403);
    const signedOut = await (POST as unknown as (r: Request, c: unknown) => Promise<Response>)(
      upload({ cookie: 'XSRF-TOKEN=%zz' }),
      {},
    );
    expect(signedOut.status).toBe(401);
  });
});

describe('requireUser', () => {
  it('ignores the session cookie when an Authorization header is present', async () => {
    const { requireAuthentication, requireUser } = await import('@/lib/server/auth/require-user');
    const user = await db.user.create({ data: { email: 'ana@example.com' } });
    session.current = { user: { id: user.id } };

    requestHeaders.current = new Headers({ cookie: 'authjs.session-token=valid' });
    expect((await requireUser()).id).toBe(user.id);
    expect(await requireAuthentication()).toMatchObject({ user: { id: user.id }, method: 'session' });

    for (const authorization of ['Bearer sk_live_made_up', 'Basic YTpi', '']) {
      requestHeaders.current = new Headers({ cookie: 'authjs.session-token=valid', authorization });
      await expect(requireUser()).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
    }
  });
});
