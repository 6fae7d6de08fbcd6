import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '@/lib/errors';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { problemResponse } from '@/lib/server/http/problem';
import { createLimiter, ratePolicy } from '@/lib/server/http/rate-limit';
import { tempSqliteUrl } from '../db/helpers';

const clients: TDbClient[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.$disconnect())));

/** Two app instances on one SQLite file: two Prisma clients (two connections). */
async function twoInstances(): Promise<[TDbClient, TDbClient]> {
  const url = tempSqliteUrl();
  await migrateDatabase(url);
  const pair: [TDbClient, TDbClient] = [createPrismaClient(url), createPrismaClient(url)];
  clients.push(...pair);
  return pair;
}

async function outcome(attempt: Promise<void>): Promise<'ok' | AppError> {
  try {
    await attempt;
    return 'ok';
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
}

describe('limit policies in the database (SQLite)', () => {
  it('holds two instances to one limit, also when they hit it at once', async () => {
    const [a, b] = await twoInstances();
    const policy = { points: 7, seconds: 600, what: 'tests' };
    const [limitA, limitB] = [createLimiter('upload', a, policy), createLimiter('upload', b, policy)];
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => outcome((i % 2 ? limitA : limitB)('user-1'))),
    );
    expect(results.filter((result) => result === 'ok')).toHaveLength(7);
    const refused = results.find((result): result is AppError => result !== 'ok')!;
    expect(refused.code).toBe('RATE_LIMITED');
    expect(refused.retryAfterSeconds).toBeGreaterThan(590);
    expect(refused.retryAfterSeconds).toBeLessThanOrEqual(600);
    // Another key, and the same key under another policy, are counted apart.
    expect(await outcome(limitA('user-2'))).toBe('ok');
    expect(await outcome(createLimiter('contact', b, policy)('user-1'))).toBe('ok');
  });

  it('lets the key through again once its window is over', async () => {
    const [a, b] = await twoInstances();
    const policy = { points: 1, seconds: 1, what: 'tests' };
    expect(await outcome(createLimiter('signIn', a, policy)('192.0.2.1'))).toBe('ok');
    expect(await outcome(createLimiter('signIn', b, policy)('192.0.2.1'))).toBeInstanceOf(AppError);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect(await outcome(createLimiter('signIn', b, policy)('192.0.2.1'))).toBe('ok');
  });

  it('answers 429 problem+json with Retry-After in seconds', async () => {
    const [a] = await twoInstances();
    const limiter = createLimiter('contact', a, { points: 1, seconds: 120, what: 'tests' });
    await limiter('k');
    const response = await problemResponse(await outcome(limiter('k')));
    expect(response.status).toBe(429);
    expect(response.headers.get('content-type')).toBe('application/problem+json');
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(110);
    expect(((await response.json()) as { code: string }).code).toBe('RATE_LIMITED');
  });
});

describe('ratePolicy', () => {
  it('takes overrides from RATE_LIMITS and keeps the defaults otherwise', () => {
    expect(ratePolicy('upload', 'contact=9/60, upload=3/3600')).toMatchObject({ points: 3, seconds: 3600 });
    expect(ratePolicy('contact', 'contact=9/60, upload=3/3600')).toMatchObject({ points: 9, seconds: 60 });
    expect(ratePolicy('signIn', 'contact=9/60')).toMatchObject({ points: 100, seconds: 600 });
  });
});
