// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts): the first
// sign-ins of one identity racing on PostgreSQL, where a unique violation
// aborts its transaction, so signInIdentity must retry in a new one.
import { afterAll, describe, expect, it } from 'vitest';
import { signInIdentity } from '@/lib/server/auth/sign-in-identity';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';

const name = testDatabaseName('signet_t');
let client: TDbClient | undefined;

afterAll(async () => {
  await client?.$disconnect();
  await dropTestDatabase(name);
});

describe('signInIdentity on PostgreSQL', () => {
  it('eight simultaneous first sign-ins of one identity make one account and one identity', async () => {
    const url = await createTestDatabase(name);
    client = createPrismaClient(url);
    const claims = {
      email: 'race@example.test',
      emailVerified: true,
      name: 'Race',
      givenName: 'Race',
      familyName: null,
    };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () =>
        signInIdentity({ issuer: 'https://idp.example', subject: 'race' }, claims, { adminEmails: [], client }),
      ),
    );
    expect(new Set(outcomes.map((outcome) => ('userId' in outcome ? outcome.userId : outcome.refused))).size).toBe(1);
    expect(await client.user.count()).toBe(1);
    expect(await client.userIdentity.count()).toBe(1);
  });
});
