import Database from 'better-sqlite3';
import pg from 'pg';
import { databaseKind } from '@/lib/env-values';
import {
  MigrationError,
  pendingMigrations,
  readMigrationFiles,
  type TAppliedMigration,
  type TMigrationFile,
} from './migration-files';
import { sqliteFileFromUrl } from './sqlite-file';

// Our own runner for the committed SQL in prisma/migrations/<kind>/ (Prisma's
// `migrate deploy` needs a native engine this machine cannot download). Plain
// Node, no Next and no 'server-only': boot.ts, scripts and tests import it.

export { MigrationError } from './migration-files';

export type TMigrateOptions = {
  /** Folder holding sqlite/ and postgresql/; defaults to prisma/migrations under the working directory. */
  migrationsRoot?: string;
};

const TABLE = '_signet_migrations';

function failed(file: TMigrationFile, error: unknown): MigrationError {
  const message = error instanceof Error ? error.message : String(error);
  return new MigrationError(`Migration ${file.name} failed and was rolled back: ${message}`, { cause: error });
}

/** Applies pending migrations, each in its own transaction; returns the names applied. */
export async function migrateDatabase(url: string, options: TMigrateOptions = {}): Promise<{ applied: string[] }> {
  const kind = databaseKind(url);
  if (!kind) throw new MigrationError('DATABASE_URL is neither file:<path> (SQLite) nor postgresql://… (PostgreSQL).');
  const files = readMigrationFiles(kind, options.migrationsRoot);
  return kind === 'sqlite' ? migrateSqlite(url, files) : migratePostgres(url, files);
}

function migrateSqlite(url: string, files: TMigrationFile[]): { applied: string[] } {
  const db = new Database(sqliteFileFromUrl(url), { timeout: 10_000 });
  try {
    // WAL is a property of the file; setting it here covers every later connection.
    db.pragma('journal_mode = WAL');
    db.exec(`CREATE TABLE IF NOT EXISTS "${TABLE}" (
      "name" TEXT NOT NULL PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TEXT NOT NULL)`);
    const readApplied = () => db.prepare(`SELECT "name", "checksum" FROM "${TABLE}"`).all() as TAppliedMigration[];
    const applied: string[] = [];
    for (const file of pendingMigrations(files, readApplied())) {
      // Prisma's SQLite scripts rebuild tables (create new_X, copy, DROP X,
      // rename) between PRAGMA foreign_keys=OFF/ON, which SQLite ignores inside
      // a transaction: with keys on, DROP would fire ON DELETE CASCADE and
      // empty the child tables. So keys go off outside the transaction and
      // foreign_key_check guards the result (SQLite's documented procedure).
      db.pragma('foreign_keys = OFF');
      try {
        // IMMEDIATE takes the write lock first, so two processes starting at
        // once apply each migration once: the second re-checks under the lock.
        db.exec('BEGIN IMMEDIATE');
        if (pendingMigrations(files, readApplied()).some((pending) => pending.name === file.name)) {
          db.exec(file.sql);
          const violations = db.pragma('foreign_key_check') as unknown[];
          if (violations.length) throw new Error(`${violations.length} foreign key violation(s) after the script`);
          db.prepare(`INSERT INTO "${TABLE}" ("name", "checksum", "applied_at") VALUES (?, ?, ?)`).run(
            file.name,
            file.checksum,
            new Date().toISOString(),
          );
          applied.push(file.name);
        }
        db.exec('COMMIT');
      } catch (error) {
        if (db.inTransaction) db.exec('ROLLBACK');
        throw error instanceof MigrationError ? error : failed(file, error);
      } finally {
        db.pragma('foreign_keys = ON');
      }
    }
    return { applied };
  } finally {
    db.close();
  }
}

// Any constant works; it only has to be the same for every Signet instance.
const PG_LOCK_KEY = 7_246_173_551;

async function migratePostgres(url: string, files: TMigrationFile[]): Promise<{ applied: string[] }> {
  const client = new pg.Client({ connectionString: url });
  // A dropped connection also fails the pending query; without a listener the
  // 'error' event would crash the process instead.
  client.on('error', () => undefined);
  await client.connect();
  try {
    // Instances starting together queue here; the next one finds nothing to do.
    await client.query('SELECT pg_advisory_lock($1)', [PG_LOCK_KEY]);
    await client.query(`CREATE TABLE IF NOT EXISTS "${TABLE}" (
      "name" TEXT PRIMARY KEY, "checksum" TEXT NOT NULL, "applied_at" TIMESTAMPTZ NOT NULL DEFAULT now())`);
    const { rows } = await client.query<TAppliedMigration>(`SELECT "name", "checksum" FROM "${TABLE}"`);
    const applied: string[] = [];
    for (const file of pendingMigrations(files, rows)) {
      try {
        await client.query('BEGIN');
        // No parameters: the simple query protocol runs a multi-statement script.
        // (A value added with ALTER TYPE … ADD VALUE cannot be used in the same
        // transaction; Prisma never does that within one migration.)
        await client.query(file.sql);
        await client.query(`INSERT INTO "${TABLE}" ("name", "checksum") VALUES ($1, $2)`, [file.name, file.checksum]);
        await client.query('COMMIT');
        applied.push(file.name);
      } catch (error) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw failed(file, error);
      }
    }
    return { applied };
  } finally {
    // Ending the session releases the advisory lock too.
    await client.end();
  }
}
