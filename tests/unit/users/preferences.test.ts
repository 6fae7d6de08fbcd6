import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { applyPreferencesUpdate, parsePreferences, ZPreferencesUpdate } from '@/lib/users/preferences';
import { appDatabase, tempDir } from '../db/helpers';

const requestHeaders = { current: new Headers() };
const session = { current: null as { user: { id: string } } | null };
vi.mock('next/headers', () => ({ headers: async () => requestHeaders.current }));
vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => session.current }));

describe('user preferences', () => {
  it('read damaged or foreign stored text as the defaults, keeping what is valid', () => {
    expect(parsePreferences('not json')).toEqual({ toursDone: [] });
    expect(parsePreferences('{"toursDone":"yes","other":1}')).toEqual({ toursDone: [] });
    expect(parsePreferences('{"toursDone":["dashboard"]}')).toEqual({ toursDone: ['dashboard'] });
  });

  it('mark tours done and not done, once each', () => {
    const done = applyPreferencesUpdate({ toursDone: [] }, { toursDone: { dashboard: true, workspace: true } });
    expect(done.toursDone).toEqual(['dashboard', 'workspace']);
    expect(applyPreferencesUpdate(done, { toursDone: { dashboard: true } }).toursDone).toEqual([
      'dashboard',
      'workspace',
    ]);
    expect(applyPreferencesUpdate(done, { toursDone: { workspace: false } }).toursDone).toEqual(['dashboard']);
  });

  it('refuse unknown tours and members', () => {
    expect(ZPreferencesUpdate.safeParse({ toursDone: { settings: true } }).success).toBe(false);
    expect(ZPreferencesUpdate.safeParse({ toursDone: {}, theme: 'dark' }).success).toBe(false);
    expect(ZPreferencesUpdate.safeParse({ toursDone: { dashboard: 'yes' } }).success).toBe(false);
  });
});

describe('PATCH /api/me/preferences', () => {
  const dataDir = tempDir('signet-preferences-');
  let db: TDbClient;
  let route: typeof import('@/app/api/me/preferences/route');

  beforeAll(async () => {
    db = await appDatabase(dataDir, { APP_URL: 'http://localhost:3000' });
    route = await import('@/app/api/me/preferences/route');
  });

  afterAll(async () => {
    await db.$disconnect();
    vi.unstubAllEnvs();
  });

  const patch = (body: string, contentType = 'application/json') =>
    Promise.resolve(
      route.PATCH(
        new Request('http://localhost:3000/api/me/preferences', {
          method: 'PATCH',
          body,
          headers: { 'content-type': contentType },
        }),
        undefined,
      ),
    );

  it('stores the tour as done on the user; a bad body is refused with 4xx and changes nothing; signed out is 401', async () => {
    const user = await db.user.create({ data: { email: 'tour@example.com' } });
    session.current = { user: { id: user.id } };
    const saved = await patch(JSON.stringify({ toursDone: { dashboard: true } }));
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ toursDone: ['dashboard'] });
    expect(
      parsePreferences((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferences).toursDone,
    ).toEqual(['dashboard']);

    for (const body of ['{"toursDone":{"nope":true}}', '{', '{"toursDone":{"dashboard":false},"x":1}']) {
      const refused = await patch(body);
      expect(refused.status, body).toBe(400);
      expect(refused.headers.get('content-type')).toBe('application/problem+json');
    }
    // The one JSON contract (parseBody): another type is 415, a body past its few kilobytes 413.
    expect((await patch('toursDone=dashboard', 'application/x-www-form-urlencoded')).status).toBe(415);
    expect((await patch(JSON.stringify({ toursDone: { dashboard: true }, pad: 'x'.repeat(8192) }))).status).toBe(413);
    expect((await db.user.findUniqueOrThrow({ where: { id: user.id } })).preferences).toBe(
      '{"toursDone":["dashboard"]}',
    );

    session.current = null;
    expect((await patch(JSON.stringify({ toursDone: { dashboard: true } }))).status).toBe(401);
  });
});
