// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, it, vi } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import {
  expectRowsInPersonalWorkspaces,
  migrationsBeforeWorkspaces,
  rowsBeforeWorkspaces,
} from '@/tests/fixtures/workspaces-migration';
import { adminQuery, dropTestDatabase, serverUrl, testDatabaseName } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_workspaces');
let client: TDbClient | undefined;

afterAll(async () => {
  await client?.$disconnect();
  await dropTestDatabase(name);
});

describe('the workspaces migration on PostgreSQL', () => {
  it("moves every user's documents, keys, webhooks and deleted uploads into their personal workspace", async () => {
    await adminQuery(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const before = path.join(mkdtempSync(path.join(tmpdir(), 'signet-migrations-')), 'migrations');
    cpSync(path.resolve('prisma/migrations'), before, { recursive: true });
    migrationsBeforeWorkspaces(before);
    await migrateDatabase(url.toString(), { migrationsRoot: before });
    const raw = new pg.Client({ connectionString: url.toString() });
    await raw.connect();
    try {
      for (const statement of rowsBeforeWorkspaces('postgresql')) await raw.query(statement);
    } finally {
      await raw.end();
    }
    await migrateDatabase(url.toString());
    client = createPrismaClient(url.toString());
    await expectRowsInPersonalWorkspaces(client);
  });
});
