import { sha256Hex } from '@/lib/sha256-hex';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '@/lib/env-values';

// Plain Node on purpose (no 'server-only'): scripts and tests use it too.

export type TMigrationFile = { name: string; sql: string; checksum: string };
export type TAppliedMigration = { name: string; checksum: string };

export class MigrationError extends Error {
  override name = 'MigrationError';
}

/** prisma/migrations under the repository root (the working directory of every entry point). */
export function defaultMigrationsRoot(): string {
  return path.resolve(process.cwd(), 'prisma', 'migrations');
}

/**
 * SHA-256 of the script with line endings normalized, so a checkout that
 * turns LF into CRLF is not mistaken for an edited migration.
 */
export function migrationChecksum(sql: string): string {
  return sha256Hex(sql.replace(/\r\n/g, '\n'));
}

/** The committed migrations for one database, oldest first (folder names start with a timestamp). */
export function readMigrationFiles(kind: DatabaseKind, migrationsRoot = defaultMigrationsRoot()): TMigrationFile[] {
  const dir = path.join(migrationsRoot, kind);
  if (!existsSync(dir)) throw new MigrationError(`No migrations folder at ${dir}; run from the repository root.`);
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(dir, entry.name, 'migration.sql')))
    .map((entry) => entry.name)
    .sort()
    .map((name) => {
      const sql = readFileSync(path.join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: migrationChecksum(sql) };
    });
}

/**
 * What remains to apply, after checking that the database's history is a
 * prefix of ours and that no applied migration was edited since.
 */
export function pendingMigrations(files: TMigrationFile[], applied: TAppliedMigration[]): TMigrationFile[] {
  const byName = new Map(files.map((file) => [file.name, file]));
  const unknown = applied.filter((row) => !byName.has(row.name)).map((row) => row.name);
  if (unknown.length) {
    throw new MigrationError(
      `The database has migrations this code does not know: ${unknown.join(', ')}. ` +
        'It was migrated by a newer version of Signet (or another branch); run that version, or use a fresh database.',
    );
  }
  for (const row of applied) {
    const file = byName.get(row.name);
    if (file && file.checksum !== row.checksum) {
      throw new MigrationError(
        `Migration ${row.name} was changed after it was applied to this database ` +
          `(checksum ${row.checksum.slice(0, 12)}…, file now ${file.checksum.slice(0, 12)}…). ` +
          'Applied migrations must not change: restore the file and put the change in a new migration ' +
          '(npm run db:new-migration -- <name>).',
      );
    }
  }
  const done = new Set(applied.map((row) => row.name));
  return files.filter((file) => !done.has(file.name));
}
