import { PrismaBetterSqlite3 } from '@prisma/adapter-better-sqlite3';
import { PrismaPg } from '@prisma/adapter-pg';
import type { SqlDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { databaseKind } from '@/lib/env-values';
import { PrismaClient as PostgresPrismaClient } from '@/lib/generated/prisma/postgresql/client';
import { PrismaClient } from '@/lib/generated/prisma/sqlite/client';
import { sqliteFileFromUrl } from './sqlite-file';

// No 'server-only' here: scripts (seed) and tests build clients for their own
// databases. App code uses the `db` singleton from ./client instead.

/**
 * The client type the app codes against. Both generated clients come from the
 * same schema, so the PostgreSQL one has the same API; typing everything as the
 * SQLite client keeps code to what both databases support (no
 * `mode: 'insensitive'`, no `skipDuplicates`).
 */
export type TDbClient = PrismaClient;

/**
 * better-sqlite3 defaults to foreign keys on and a 5 s busy timeout, but these
 * are build and library defaults; each new connection states what we rely on.
 * The adapter exposes no connection hook, so we wrap its factory.
 */
function sqliteAdapter(url: string): SqlDriverAdapterFactory {
  const factory = new PrismaBetterSqlite3({ url: sqliteFileFromUrl(url), timeout: 10_000 });
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    async connect() {
      const adapter = await factory.connect();
      await adapter.executeScript('PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000;');
      return adapter;
    },
  };
}

/** A Prisma client for a database URL (file:… → SQLite, postgresql://… → PostgreSQL). */
export function createPrismaClient(url: string): TDbClient {
  const kind = databaseKind(url);
  if (kind === 'postgresql') {
    const client = new PostgresPrismaClient({ adapter: new PrismaPg({ connectionString: url }) });
    return client as unknown as TDbClient;
  }
  if (kind === 'sqlite') return new PrismaClient({ adapter: sqliteAdapter(url) });
  throw new Error('database URL is neither file:<path> (SQLite) nor postgresql://… (PostgreSQL)');
}
