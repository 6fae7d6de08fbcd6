import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { vi } from 'vitest';
import type { DatabaseKind } from '@/lib/env-values';
import type { TDbClient } from '@/lib/server/db/create-client';

export const repoMigrations = path.resolve(import.meta.dirname, '..', '..', '..', 'prisma', 'migrations');

export function tempDir(prefix = 'signet-db-'): string {
  return mkdtempSync(path.join(tmpdir(), prefix));
}

export function tempSqliteUrl(): string {
  return `file:${path.join(tempDir(), 'nested', 'test.db')}`;
}

/** A private copy of the committed migrations that a test may edit. */
export function copyMigrations(): string {
  const root = path.join(tempDir('signet-migrations-'), 'migrations');
  cpSync(repoMigrations, root, { recursive: true });
  return root;
}

export function addMigration(root: string, kind: DatabaseKind, name: string, sql: string): void {
  mkdirSync(path.join(root, kind, name), { recursive: true });
  writeFileSync(path.join(root, kind, name, 'migration.sql'), sql);
}

/**
 * Points the app's environment at a fresh SQLite file in `dataDir` (plus
 * `env`), with modules reloaded so getEnv and getDb see it, migrates it, and
 * returns the app's own client. Undo with vi.unstubAllEnvs() and $disconnect().
 */
export async function appDatabase(dataDir: string, env: Record<string, string> = {}): Promise<TDbClient> {
  vi.resetModules();
  const url = `file:${path.join(dataDir, 'signet.db')}`;
  for (const [name, value] of Object.entries({ DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: 'error', ...env }))
    vi.stubEnv(name, value);
  const { migrateDatabase } = await import('@/lib/server/db/migrate');
  await migrateDatabase(url);
  return (await import('@/lib/server/db/client')).getDb();
}
