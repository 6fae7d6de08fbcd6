// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { createLimiter } from '@/lib/server/http/rate-limit';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_rl');
const clients: TDbClient[] = [];

afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  await dropTestDatabase(name);
});

describe('rate limits on PostgreSQL', () => {
  it('two app instances (two clients, two limiters) on one database share one limit, hit at once', async () => {
    const url = await createTestDatabase(name);
    const [a, b] = [createPrismaClient(url), createPrismaClient(url)];
    clients.push(a, b);
    const policy = { points: 25, seconds: 600, what: 'uploads' };
    const instances = [createLimiter('upload', a, policy), createLimiter('upload', b, policy)];

    const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => instances[i % 2]!('user-1')));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(25);
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as AppError).code).toBe('RATE_LIMITED');
    }
    // Both instances now refuse, each with the time left in the shared window.
    for (const limit of instances) {
      const refused = await limit('user-1').then(
        () => null,
        (error: unknown) => error as AppError,
      );
      expect(refused?.retryAfterSeconds).toBeGreaterThan(590);
    }
    const row = await b.rateLimiterFlexible.findUniqueOrThrow({ where: { key: 'upload:user-1' } });
    expect(row.points).toBe(62);
  });
});
