import { chmodSync, mkdirSync, mkdtempSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sqliteFileOf } from '@/lib/server/db/sqlite-file';
import { makeDataPrivate } from '@/lib/server/private-data';

const modeOf = (file: string) => statSync(file).mode & 0o777;

let dir: string;
let umaskBefore: number;

beforeEach(() => {
  umaskBefore = process.umask(0o022); // what a shell gives a fresh `npm start`
  dir = mkdtempSync(path.join(tmpdir(), 'signet-private-'));
});

afterEach(() => {
  process.umask(umaskBefore);
});

describe('makeDataPrivate', () => {
  it('makes the data folder 0700, a SQLite file elsewhere 0600, and everything created afterwards private', () => {
    const dataDir = path.join(dir, 'data');
    mkdirSync(dataDir, { mode: 0o755 });
    chmodSync(dataDir, 0o755);
    const dbFolder = path.join(dir, 'db');
    mkdirSync(dbFolder);
    const db = path.join(dbFolder, 'signet.db');
    writeFileSync(db, 'sqlite', { mode: 0o644 });
    writeFileSync(`${db}-wal`, 'wal', { mode: 0o644 });

    expect(makeDataPrivate({ dataDir, sqliteFile: db })).toEqual([]);
    expect(modeOf(dataDir)).toBe(0o700);
    expect(modeOf(db)).toBe(0o600);
    expect(modeOf(`${db}-wal`)).toBe(0o600);
    // Whatever writes next (keys, SQLite, blobs, outbox) with default modes:
    writeFileSync(path.join(dataDir, 'auth.secret'), 'secret');
    mkdirSync(path.join(dataDir, 'outbox'));
    expect(modeOf(path.join(dataDir, 'auth.secret'))).toBe(0o600);
    expect(modeOf(path.join(dataDir, 'outbox'))).toBe(0o700);
  });

  it('creates a missing data folder private', () => {
    const dataDir = path.join(dir, 'fresh', 'data');
    makeDataPrivate({ dataDir });
    expect(modeOf(dataDir)).toBe(0o700);
  });

  it('finds the SQLite file of a file: URL and nothing for PostgreSQL', () => {
    expect(sqliteFileOf('file:/srv/signet/signet.db')).toBe('/srv/signet/signet.db');
    expect(sqliteFileOf('file:///srv/signet/signet.db')).toBe('/srv/signet/signet.db');
    expect(sqliteFileOf('file:./data/x.db?connection_limit=1')).toBe(path.resolve('data/x.db'));
    expect(sqliteFileOf('postgresql://u@h/db')).toBeUndefined();
  });

  it('reads a file: URL as the database client does, so the file tightened is the file opened', () => {
    // A relative path is taken as written (no percent-decoding), as sqliteFileFromUrl gives it to the client.
    expect(sqliteFileOf('file:./data/a%20b.db')).toBe(path.resolve('data/a%20b.db'));
    expect(sqliteFileOf('file:///srv/a%20b.db')).toBe('/srv/a b.db');
  });
});
