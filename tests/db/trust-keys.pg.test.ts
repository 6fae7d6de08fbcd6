// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts): several instances on one
// PostgreSQL database, racing to create the instance CA, must end with one.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';

vi.setConfig({ testTimeout: 180_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_trust');
const clients: TDbClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  await dropTestDatabase(name);
  vi.unstubAllEnvs();
});

describe('instance trust keys on PostgreSQL', () => {
  it('lets exactly one of several simultaneous creations win; every instance reads the same CA and seal key', async () => {
    const url = await createTestDatabase(name);
    vi.resetModules();
    vi.stubEnv('DATABASE_URL', url);
    vi.stubEnv('AUTH_SECRET', 'x'.repeat(40));
    vi.stubEnv('BLOB_ENCRYPTION_KEY', Buffer.alloc(32, 7).toString('base64'));
    vi.stubEnv('DATA_DIR', mkdtempSync(path.join(tmpdir(), 'signet-trust-pg-')));
    vi.stubEnv('LOG_LEVEL', 'error');
    const { createPrismaClient } = await import('@/lib/server/db/create-client');
    const { loadOrCreateTrustKeys } = await import('@/lib/server/trust/instance-trust');
    // One pool per "instance".
    for (let index = 0; index < 3; index++) clients.push(createPrismaClient(url));
    const results = await Promise.all(clients.map((client) => loadOrCreateTrustKeys(client)));
    const cas = new Set(results.map((result) => result.ca.certificatePem));
    const seals = new Set(results.map((result) => result.seal.certificatePem));
    expect(cas.size).toBe(1);
    expect(seals.size).toBe(1);
    expect(await clients[0]!.trustKey.count()).toBe(2);
  });
});
