// A database of its own per test file on the throwaway PostgreSQL server that
// `npm test` starts (scripts/pg-cluster.mjs) and names in TEST_POSTGRES_URL.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
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
