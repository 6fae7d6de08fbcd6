// Where the local identity provider keeps what oidc-provider would otherwise
// hold in memory (sessions, grants, interactions, codes, tokens): a small
// SQLite file in the data folder, so restarting `npm start` signs nobody out.
// One provider process owns it (scripts/dev-idp.ts); entries past their
// expiry are never returned and are swept, and the oldest go past a cap.
import { closeSync, openSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Adapter, AdapterPayload } from 'oidc-provider';
import { makeDataPrivate } from '../../lib/server/private-data';

export function idpStoreFile(dataDir: string): string {
  return path.join(dataDir, 'local-idp.db');
}

/** Models whose entries belong to a grant and go when it is revoked (as oidc-provider's own memory adapter does). */
const GRANTABLE = new Set([
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
]);

/** Far above what a demo or test instance holds; past it the least recently written entries go first. */
export const DEFAULT_MAX_ENTRIES = 20_000;
/** Upserts between sweeps of expired entries (and one at open). */
const SWEEP_EVERY = 200;

export type TIdpStoreOptions = { maxEntries?: number; now?: () => number };

export type TIdpStore = {
  /** The oidc-provider `adapter` setting: one Adapter per model name. */
  adapter: (model: string) => Adapter;
  /** Deletes expired entries, then the oldest past the cap. */
  sweep: () => void;
  close: () => void;
};

type TRow = { payload: string; consumed_at: number | null };

/**
 * Opens (creating if needed) the store in `dataDir`, private like the rest of
 * the data folder: the folder 0700, the file and SQLite's journal files 0600
 * (SQLite gives its -wal and -shm files the database file's mode).
 */
export function openIdpStore(dataDir: string, options: TIdpStoreOptions = {}): TIdpStore {
  const file = idpStoreFile(dataDir);
  const now = options.now ?? Date.now;
  const maxEntries = options.maxEntries ?? DEFAULT_MAX_ENTRIES;
  // An existing file (and its journal files) is tightened; a new one is created 0600 whatever the umask.
  for (const warning of makeDataPrivate({ dataDir, sqliteFile: file })) console.warn(`idp: ${warning}`);
  closeSync(openSync(file, 'a', 0o600));
  const db = new Database(file, { timeout: 5000 });
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = NORMAL');
  db.exec(`CREATE TABLE IF NOT EXISTS oidc_entries (
    model TEXT NOT NULL,
    id TEXT NOT NULL,
    payload TEXT NOT NULL,
    grant_id TEXT,
    uid TEXT,
    user_code TEXT,
    expires_at INTEGER,
    consumed_at INTEGER,
    written_at INTEGER NOT NULL,
    PRIMARY KEY (model, id)
  ) WITHOUT ROWID;
  CREATE INDEX IF NOT EXISTS oidc_entries_grant ON oidc_entries (model, grant_id) WHERE grant_id IS NOT NULL;
  CREATE INDEX IF NOT EXISTS oidc_entries_uid ON oidc_entries (model, uid) WHERE uid IS NOT NULL;
  CREATE INDEX IF NOT EXISTS oidc_entries_user_code ON oidc_entries (model, user_code) WHERE user_code IS NOT NULL;
  CREATE INDEX IF NOT EXISTS oidc_entries_expires ON oidc_entries (expires_at) WHERE expires_at IS NOT NULL;
  CREATE INDEX IF NOT EXISTS oidc_entries_written ON oidc_entries (written_at);`);

  const live = '(expires_at IS NULL OR expires_at > @now)';
  const statements = {
    upsert: db.prepare(`INSERT INTO oidc_entries (model, id, payload, grant_id, uid, user_code, expires_at, written_at)
      VALUES (@model, @id, @payload, @grantId, @uid, @userCode, @expiresAt, @now)
      ON CONFLICT (model, id) DO UPDATE SET payload = excluded.payload, grant_id = excluded.grant_id, uid = excluded.uid,
        user_code = excluded.user_code, expires_at = excluded.expires_at, written_at = excluded.written_at`),
    find: db.prepare<{ model: string; id: string; now: number }, TRow>(
      `SELECT payload, consumed_at FROM oidc_entries WHERE model = @model AND id = @id AND ${live}`,
    ),
    findByUid: db.prepare<{ model: string; uid: string; now: number }, TRow>(
      `SELECT payload, consumed_at FROM oidc_entries WHERE model = @model AND uid = @uid AND ${live} LIMIT 1`,
    ),
    findByUserCode: db.prepare<{ model: string; userCode: string; now: number }, TRow>(
      `SELECT payload, consumed_at FROM oidc_entries WHERE model = @model AND user_code = @userCode AND ${live} LIMIT 1`,
    ),
    consume: db.prepare('UPDATE oidc_entries SET consumed_at = @at WHERE model = @model AND id = @id'),
    destroy: db.prepare('DELETE FROM oidc_entries WHERE model = @model AND id = @id'),
    revokeByGrantId: db.prepare('DELETE FROM oidc_entries WHERE model = @model AND grant_id = @grantId'),
    sweepExpired: db.prepare('DELETE FROM oidc_entries WHERE expires_at <= @now'),
    sweepOldest: db.prepare(`DELETE FROM oidc_entries WHERE (model, id) IN (
      SELECT model, id FROM oidc_entries ORDER BY written_at ASC LIMIT max((SELECT count(*) FROM oidc_entries) - @max, 0))`),
  };

  const sweep = () => {
    statements.sweepExpired.run({ now: now() });
    statements.sweepOldest.run({ max: maxEntries });
  };
  sweep();
  let writes = 0;

  const read = (row: TRow | undefined): AdapterPayload | undefined => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as AdapterPayload;
    // oidc-provider reads `consumed` as "this code or token was already used" (seconds since the epoch, as it sets it).
    return row.consumed_at === null ? payload : { ...payload, consumed: row.consumed_at };
  };

  const adapter = (model: string): Adapter => ({
    async upsert(id, payload, expiresIn) {
      const at = now();
      statements.upsert.run({
        model,
        id,
        payload: JSON.stringify(payload),
        grantId: GRANTABLE.has(model) ? (payload.grantId ?? null) : null,
        uid: payload.uid ?? null,
        userCode: payload.userCode ?? null,
        expiresAt: typeof expiresIn === 'number' ? at + expiresIn * 1000 : null,
        now: at,
      });
      if (++writes % SWEEP_EVERY === 0) sweep();
    },
    async find(id) {
      return read(statements.find.get({ model, id, now: now() }));
    },
    async findByUid(uid) {
      return read(statements.findByUid.get({ model, uid, now: now() }));
    },
    async findByUserCode(userCode) {
      return read(statements.findByUserCode.get({ model, userCode, now: now() }));
    },
    async consume(id) {
      statements.consume.run({ model, id, at: Math.floor(now() / 1000) });
    },
    async destroy(id) {
      statements.destroy.run({ model, id });
    },
    async revokeByGrantId(grantId) {
      statements.revokeByGrantId.run({ model, grantId });
    },
  });

  return {
    adapter,
    sweep,
    close: () => {
      if (db.open) db.close();
    },
  };
}
