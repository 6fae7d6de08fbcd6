import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseKind } from '@/lib/env';

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
