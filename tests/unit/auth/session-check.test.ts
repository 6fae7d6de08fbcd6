import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { JWT } from 'next-auth/jwt';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { tempSqliteUrl } from '../db/helpers';

// The app's db singleton (lib/server/db/client.ts) on a private database, and a short re-check interval.
const holder = globalThis as { signetDb?: TDbClient };
let client: TDbClient;
beforeAll(async () => {
  vi.stubEnv('SESSION_RECHECK_SECONDS', '30');
  vi.stubEnv('LOG_LEVEL', 'error');
  const url = tempSqliteUrl();
  await migrateDatabase(url);
  client = createPrismaClient(url);
  holder.signetDb = client;
});
afterAll(async () => {
  delete holder.signetDb;
  vi.useRealTimers();
  vi.unstubAllEnvs();
  await client.$disconnect();
});

const { isSessionCurrent, loadSessionUser } = await import('@/lib/server/auth/session-check');
const { signOutEverywhere } = await import('@/lib/server/auth/sign-out-everywhere');
const { refreshContext, tokenOnRequest } = await import('@/lib/server/auth/session-token');
const { setRole } = await import('@/lib/server/users/set-role');

let n = 0;
async function signedIn(role: 'USER' | 'ADMIN' = 'USER') {
  const user = await client.user.create({ data: { email: `s${++n}@example.test`, name: 'S', role } });
  const token: JWT = { uid: user.id, sv: user.sessionVersion, email: user.email, role };
  return { user, token };
}

describe('sessions end with their user, re-checked against the database', () => {
  it("a deleted user's session stops working within SESSION_RECHECK_SECONDS", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { user, token } = await signedIn();
    expect(await tokenOnRequest(token)).toEqual(token); // a page's auth(): checked once, then trusted for the interval
    await client.user.delete({ where: { id: user.id } });
    vi.advanceTimersByTime(29_000);
    expect(await isSessionCurrent(token.uid, token.sv)).toBe(true);
    vi.advanceTimersByTime(2_000);
    expect(await tokenOnRequest(token)).toBeNull();
    expect(await isSessionCurrent(token.uid, token.sv)).toBe(false);
    vi.useRealTimers();
  });

  it('the session endpoint checks on every call, and says when the session ended elsewhere', async () => {
    const { user, token } = await signedIn();
    const before = { endedElsewhere: false };
    expect(await refreshContext.run(before, () => tokenOnRequest(token))).toMatchObject({ uid: user.id });
    expect(before.endedElsewhere).toBe(false);
    await client.user.delete({ where: { id: user.id } });
    const after = { endedElsewhere: false };
    expect(await refreshContext.run(after, () => tokenOnRequest(token))).toBeNull();
    expect(after.endedElsewhere).toBe(true);
  });

  it('"sign out everywhere" ends every session of the user at once in this process', async () => {
    const { user, token } = await signedIn();
    expect(await isSessionCurrent(token.uid, token.sv)).toBe(true);
    await signOutEverywhere(user.id);
    expect(await isSessionCurrent(token.uid, token.sv)).toBe(false);
    expect(await tokenOnRequest(token)).toBeNull();
    expect(await loadSessionUser(token.uid, token.sv)).toBeNull();
    // A session begun afterwards carries the new version.
    expect(await loadSessionUser(user.id, user.sessionVersion + 1)).toMatchObject({ id: user.id });
  });

  it("demotion ends the administrator's sessions", async () => {
    const { user, token } = await signedIn('ADMIN');
    expect(await loadSessionUser(token.uid, token.sv)).toMatchObject({ role: 'ADMIN' });
    expect(await setRole(client, user.email, 'USER')).toEqual({ email: user.email, role: 'USER', outcome: 'changed' });
    expect(await loadSessionUser(token.uid, token.sv)).toBeNull();
  });

  it('cookies from before session versions count as version 0', async () => {
    const { user } = await signedIn();
    expect(await loadSessionUser(user.id, undefined)).toMatchObject({ id: user.id });
  });
});
