// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts): several instances on one
// PostgreSQL database, racing to create the instance CA, must end with one.
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const open = appDatabase('signet_trust');
const others: TDbClient[] = [];

afterAll(async () => {
  await Promise.all(others.map((client) => client.$disconnect()));
});

describe('instance trust keys on PostgreSQL', () => {
  it('lets exactly one of several simultaneous creations win; every instance reads the same CA and seal key', async () => {
    const db = await open();
    const { createPrismaClient } = await import('@/lib/server/db/create-client');
    const { loadOrCreateTrustKeys } = await import('@/lib/server/trust/instance-trust');
    // One pool per "instance" (they share the blob key, as instances on one database must).
    for (let index = 0; index < 2; index++) others.push(createPrismaClient(process.env.DATABASE_URL!));
    const results = await Promise.all([db, ...others].map((client) => loadOrCreateTrustKeys(client)));
    expect(new Set(results.map((result) => result.ca.certificatePem)).size).toBe(1);
    expect(new Set(results.map((result) => result.seal.certificatePem)).size).toBe(1);
    expect(await db.trustKey.count()).toBe(2);
  });
});
