// A database of its own per test file on the throwaway PostgreSQL server that
// `npm test` starts (scripts/pg-cluster.mjs) and names in TEST_POSTGRES_URL.
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';

export const serverUrl = process.env.TEST_POSTGRES_URL!;

/** Runs one statement as the server's administrator (CREATE/DROP DATABASE cannot run in the test's own database). */
export async function adminQuery(sql: string): Promise<void> {
  const connection = new pg.Client({ connectionString: serverUrl });
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

/** A name for a database of one test file; drop it in afterAll with dropTestDatabase. */
export function testDatabaseName(prefix: string): string {
  return `${prefix}_${randomBytes(6).toString('hex')}`;
}

/** Creates the database and applies every migration; returns its URL. */
export async function createTestDatabase(name: string): Promise<string> {
  await adminQuery(`CREATE DATABASE "${name}"`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  await migrateDatabase(url.toString());
  return url.toString();
}

export function dropTestDatabase(name: string): Promise<void> {
  return adminQuery(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

/**
 * For tests of the app's own operations, which use the process-wide client:
 * returns `open()`, which makes this file's database, points DATABASE_URL and
 * a fresh DATA_DIR at it, resets the module cache (so modules imported after
 * it see this database) and returns the client. Dropped after the file.
 */
export function appDatabase(prefix: string): () => Promise<TDbClient> {
  const name = testDatabaseName(prefix);
  let client: TDbClient | undefined;
  afterAll(async () => {
    await client?.$disconnect();
    await dropTestDatabase(name);
    vi.unstubAllEnvs();
  });
  return async () => {
    const url = await createTestDatabase(name);
    vi.resetModules();
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('AUTH_SECRET', 'x'.repeat(40));
    vi.stubEnv('DATA_DIR', mkdtempSync(path.join(tmpdir(), `${prefix}-`)));
    vi.stubEnv('LOG_LEVEL', 'error');
    client = (await import('@/lib/server/db/client')).getDb();
    return client;
  };
}
