// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { takeLease } from '@/lib/server/db/lease';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_lease');
const clients: TDbClient[] = [];

afterAll(async () => {
  for (const client of clients) await client.$disconnect();
  await dropTestDatabase(name);
});

describe('the sweep lease on PostgreSQL', () => {
  it('lets exactly one of several instances hold it, and another take it once it is stale or released', async () => {
    const url = await createTestDatabase(name);
    // Four "instances": four clients with their own pools.
    for (let i = 0; i < 4; i++) clients.push(createPrismaClient(url));
    const ttlMs = 60_000;
    const taken = await Promise.all(clients.map((client) => takeLease(client, 'upload-sweep', { ttlMs })));
    const holders = taken.filter((lease) => lease !== null);
    expect(holders).toHaveLength(1);
    // Stale: a later instance takes it over; only one of several racing ones.
    const later = new Date(Date.now() + ttlMs + 1000);
    const takeovers = await Promise.all(
      clients.map((client) => takeLease(client, 'upload-sweep', { ttlMs, now: later })),
    );
    expect(takeovers.filter((lease) => lease !== null)).toHaveLength(1);
    // The old holder's release no longer removes the new holder's lease.
    await holders[0]!.release();
    expect(await takeLease(clients[0]!, 'upload-sweep', { ttlMs, now: later })).toBeNull();
    await takeovers.find((lease) => lease !== null)!.release();
    expect(await takeLease(clients[1]!, 'upload-sweep', { ttlMs })).not.toBeNull();
  });
});
