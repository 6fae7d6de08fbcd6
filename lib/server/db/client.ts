import 'server-only';
import { getEnv } from '@/lib/env';
import { createPrismaClient, type TDbClient } from './create-client';

export type { TDbClient } from './create-client';
/** The client a `$transaction` callback receives: what a step that must run inside a caller's transaction takes. */
export type TTransaction = Parameters<Parameters<TDbClient['$transaction']>[0]>[0];

// One client per process, kept on globalThis: dev reloads re-evaluate modules,
// and Next loads instrumentation and routes as separate bundles in one process;
// either would otherwise open a second SQLite connection or PostgreSQL pool.
const holder = globalThis as typeof globalThis & { signetDb?: TDbClient };

/** The process-wide client, created on first use (never at import, so `next build` opens nothing). */
export function getDb(): TDbClient {
  holder.signetDb ??= createPrismaClient(getEnv().databaseUrl);
  return holder.signetDb;
}

/** Lazy stand-in for getDb(): `db.user.findMany()` creates the client on first use. */
export const db: TDbClient = new Proxy({} as TDbClient, {
  get(_target, property) {
    const client = getDb();
    const value: unknown = Reflect.get(client, property, client);
    return typeof value === 'function' ? value.bind(client) : value;
  },
});
