import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { sqliteFileFromUrl } from '@/lib/server/db/sqlite-file';
import { liveSchemaDrift } from '@/scripts/db-schema-engine';
import { readSchemas } from '@/scripts/db-schemas';
import { addMigration, copyMigrations, repoMigrations, tempSqliteUrl } from './helpers';

const committed = readdirSync(path.join(repoMigrations, 'sqlite')).sort();

function openDb(url: string) {
  return new Database(sqliteFileFromUrl(url));
}

describe('migrateDatabase on SQLite', () => {
  it('applies every migration to a fresh file (creating its folder), then nothing on a second run', async () => {
    const url = tempSqliteUrl();
    expect(await migrateDatabase(url)).toEqual({ applied: committed });
    expect(await migrateDatabase(url)).toEqual({ applied: [] });

    const db = openDb(url);
    const rows = db.prepare('SELECT name, checksum FROM _signet_migrations ORDER BY name').all() as { name: string }[];
    expect(rows.map((row) => row.name)).toEqual(committed);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  });

  it('yields exactly the schema in prisma/schema.prisma', async () => {
    const url = tempSqliteUrl();
    await migrateDatabase(url);
    const drift = await liveSchemaDrift(
      'sqlite',
      readSchemas().sqlite,
      new PrismaBetterSqlite3({ url: sqliteFileFromUrl(url) }),
    );
    expect(drift).toBe('');
  });

  it('refuses to run when an applied migration was edited', async () => {
    const root = copyMigrations();
    const url = tempSqliteUrl();
    await migrateDatabase(url, { migrationsRoot: root });
    appendFileSync(path.join(root, 'sqlite', committed[0]!, 'migration.sql'), '\n-- edited\n');
    await expect(migrateDatabase(url, { migrationsRoot: root })).rejects.toThrow(
      new RegExp(`Migration ${committed[0]} was changed after it was applied`),
    );
  });

  it('ignores line-ending changes (a CRLF checkout is not an edit)', async () => {
    const root = copyMigrations();
    const url = tempSqliteUrl();
    addMigration(
      root,
      'sqlite',
      '29990101000000_lf',
      'CREATE TABLE "Lf" ("id" INTEGER);\nCREATE INDEX "Lf_id" ON "Lf"("id");\n',
    );
    await migrateDatabase(url, { migrationsRoot: root });
    addMigration(
      root,
      'sqlite',
      '29990101000000_lf',
      'CREATE TABLE "Lf" ("id" INTEGER);\r\nCREATE INDEX "Lf_id" ON "Lf"("id");\r\n',
    );
    expect(await migrateDatabase(url, { migrationsRoot: root })).toEqual({ applied: [] });
  });

  it('refuses a database migrated by a newer version', async () => {
    const root = copyMigrations();
    const url = tempSqliteUrl();
    addMigration(root, 'sqlite', '29990101000000_future', 'CREATE TABLE "Future" ("id" INTEGER);');
    await migrateDatabase(url, { migrationsRoot: root });
    await expect(migrateDatabase(url)).rejects.toThrow(/migrations this code does not know: 29990101000000_future/);
  });

  it('rolls a failing migration back completely and records nothing', async () => {
    const root = copyMigrations();
    const url = tempSqliteUrl();
    await migrateDatabase(url, { migrationsRoot: root });
    addMigration(
      root,
      'sqlite',
      '29990101000000_broken',
      'CREATE TABLE "Half" ("id" INTEGER);\nINSERT INTO "Missing" VALUES (1);',
    );
    await expect(migrateDatabase(url, { migrationsRoot: root })).rejects.toThrow(
      /Migration 29990101000000_broken failed and was rolled back: .*no such table: Missing/,
    );
    const db = openDb(url);
    expect(db.prepare(`SELECT count(*) AS n FROM sqlite_master WHERE name = 'Half'`).get()).toEqual({ n: 0 });
    expect(db.prepare(`SELECT count(*) AS n FROM _signet_migrations WHERE name LIKE '2999%'`).get()).toEqual({ n: 0 });
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    db.close();
  });
});
