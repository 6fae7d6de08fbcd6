import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { idpStoreFile, openIdpStore, type TIdpStore, type TIdpStoreOptions } from '@/scripts/idp/store';

const dirs: string[] = [];
const stores: TIdpStore[] = [];

afterEach(() => {
  for (const store of stores.splice(0)) store.close();
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function freshDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'signet-idp-store-'));
  dirs.push(dir);
  return path.join(dir, 'data');
}

function open(dataDir: string, options?: TIdpStoreOptions): TIdpStore {
  const store = openIdpStore(dataDir, options);
  stores.push(store);
  return store;
}

/** A clock the test moves by hand (milliseconds). */
function clock(start = 1_800_000_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

describe('the local identity provider store (oidc-provider adapter)', () => {
  it('upserts, finds, consumes and destroys per model', async () => {
    const store = open(freshDir());
    const codes = store.adapter('AuthorizationCode');
    const sessions = store.adapter('Session');
    await codes.upsert('c1', { accountId: 'alice', grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    expect(await codes.find('c1')).toEqual({ accountId: 'alice', grantId: 'g1', kind: 'AuthorizationCode' });
    // Another model does not see it under the same id.
    expect(await sessions.find('c1')).toBeUndefined();

    await codes.consume('c1');
    expect((await codes.find('c1'))?.consumed).toEqual(expect.any(Number));

    await codes.upsert('c1', { accountId: 'bob', grantId: 'g1', kind: 'AuthorizationCode' }, 60);
    expect((await codes.find('c1'))?.accountId).toBe('bob');

    await codes.destroy('c1');
    expect(await codes.find('c1')).toBeUndefined();
  });

  it('finds sessions by uid and device codes by user code', async () => {
    const store = open(freshDir());
    await store.adapter('Session').upsert('s1', { uid: 'u-1', accountId: 'alice', kind: 'Session' }, 3600);
    await store.adapter('DeviceCode').upsert('d1', { userCode: 'ABCD-EFGH', kind: 'DeviceCode' }, 600);
    expect((await store.adapter('Session').findByUid('u-1'))?.accountId).toBe('alice');
    expect(await store.adapter('Session').findByUid('u-2')).toBeUndefined();
    expect((await store.adapter('DeviceCode').findByUserCode('ABCD-EFGH'))?.kind).toBe('DeviceCode');
    expect(await store.adapter('DeviceCode').findByUserCode('NOPE')).toBeUndefined();
  });

  it("revokes a grant's tokens of the model asked, and nothing else", async () => {
    const store = open(freshDir());
    const access = store.adapter('AccessToken');
    const refresh = store.adapter('RefreshToken');
    await access.upsert('a1', { grantId: 'g1' }, 900);
    await access.upsert('a2', { grantId: 'g2' }, 900);
    await refresh.upsert('r1', { grantId: 'g1' }, 900);
    await access.revokeByGrantId('g1');
    expect(await access.find('a1')).toBeUndefined();
    expect(await access.find('a2')).toBeDefined();
    // oidc-provider revokes a grant by asking each model in turn (lib/helpers/revoke.js).
    expect(await refresh.find('r1')).toBeDefined();
    await refresh.revokeByGrantId('g1');
    expect(await refresh.find('r1')).toBeUndefined();
  });

  it('returns nothing past the expiry, keeps entries without one, and sweeps the expired away', async () => {
    const time = clock();
    const store = open(freshDir(), { now: time.now });
    const sessions = store.adapter('Session');
    await sessions.upsert('short', { uid: 'u-short' }, 10);
    await sessions.upsert('forever', { uid: 'u-forever' });
    time.advance(9_000);
    expect(await sessions.find('short')).toBeDefined();
    time.advance(1_000);
    expect(await sessions.find('short')).toBeUndefined();
    expect(await sessions.findByUid('u-short')).toBeUndefined();
    expect(await sessions.find('forever')).toBeDefined();
    store.sweep();
    // Gone from the file too, not only hidden: a clock set back does not bring it back.
    time.advance(-5_000);
    expect(await sessions.find('short')).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the least recently written', async () => {
    const time = clock();
    const store = open(freshDir(), { now: time.now, maxEntries: 3 });
    const grants = store.adapter('Grant');
    for (const id of ['g1', 'g2', 'g3', 'g4', 'g5']) {
      await grants.upsert(id, { accountId: id }, 3600);
      time.advance(1);
    }
    await grants.upsert('g1', { accountId: 'g1 again' }, 3600);
    store.sweep();
    const kept = [];
    for (const id of ['g1', 'g2', 'g3', 'g4', 'g5']) if (await grants.find(id)) kept.push(id);
    expect(kept).toEqual(['g1', 'g4', 'g5']);
  });

  it('survives being closed and opened again, in a file only its owner can read', async () => {
    const dataDir = freshDir();
    const first = open(dataDir);
    await first.adapter('Session').upsert('s1', { uid: 'u-1', accountId: 'alice' }, 3600);
    await first.adapter('Interaction').upsert('i1', { returnTo: '/auth/x' }, 3600);
    await first.adapter('AuthorizationCode').upsert('c1', { grantId: 'g1' }, 60);
    await first.adapter('AuthorizationCode').consume('c1');
    const mode = (file: string) => statSync(file).mode & 0o777;
    expect(mode(dataDir)).toBe(0o700);
    for (const file of [idpStoreFile(dataDir), `${idpStoreFile(dataDir)}-wal`]) {
      expect(existsSync(file), file).toBe(true);
      expect(mode(file), file).toBe(0o600);
    }
    first.close();

    const second = open(dataDir);
    expect((await second.adapter('Session').findByUid('u-1'))?.accountId).toBe('alice');
    expect((await second.adapter('Interaction').find('i1'))?.returnTo).toBe('/auth/x');
    expect((await second.adapter('AuthorizationCode').find('c1'))?.consumed).toEqual(expect.any(Number));
  });
});
