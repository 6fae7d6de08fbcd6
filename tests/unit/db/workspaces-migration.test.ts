import Database from 'better-sqlite3';
import { afterAll, describe, it } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { sqliteFileFromUrl } from '@/lib/server/db/sqlite-file';
import {
  expectRowsInPersonalWorkspaces,
  migrationsBeforeWorkspaces,
  rowsBeforeWorkspaces,
} from '@/tests/fixtures/workspaces-migration';
import { copyMigrations, tempSqliteUrl } from './helpers';

let client: TDbClient | undefined;
afterAll(() => client?.$disconnect());

describe('the workspaces migration (SQLite; tests/db has PostgreSQL)', () => {
  it("moves every user's documents, keys, webhooks and deleted uploads into their personal workspace", async () => {
    const url = tempSqliteUrl();
    const before = copyMigrations();
    migrationsBeforeWorkspaces(before);
    await migrateDatabase(url, { migrationsRoot: before });
    const raw = new Database(sqliteFileFromUrl(url));
    try {
      for (const statement of rowsBeforeWorkspaces('sqlite')) raw.exec(statement);
    } finally {
      raw.close();
    }
    await migrateDatabase(url);
    client = createPrismaClient(url);
    await expectRowsInPersonalWorkspaces(client);
  });
});
