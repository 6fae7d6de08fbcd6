// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts): the first
// sign-ins of one identity racing on PostgreSQL, where a unique violation
// aborts its transaction, so signInIdentity must retry in a new one.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { signInIdentity } from '@/lib/server/auth/sign-in-identity';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';

const serverUrl = process.env.TEST_POSTGRES_URL!;
const name = `signet_t_${randomBytes(6).toString('hex')}`;
let client: TDbClient | undefined;

async function admin(sql: string) {
  const connection = new pg.Client({ connectionString: serverUrl });
  await connection.connect();
  try {
    await connection.query(sql);
  } finally {
    await connection.end();
  }
}

afterAll(async () => {
  await client?.$disconnect();
  await admin(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
});

describe('signInIdentity on PostgreSQL', () => {
  it('eight simultaneous first sign-ins of one identity make one account and one identity', async () => {
    await admin(`CREATE DATABASE "${name}"`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    await migrateDatabase(url.toString());
    client = createPrismaClient(url.toString());
    const claims = { email: 'race@example.test', emailVerified: true, name: 'Race', givenName: 'Race', familyName: null };
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, () => signInIdentity({ issuer: 'https://idp.example', subject: 'race' }, claims, { adminEmails: [], client })),
    );
    expect(new Set(outcomes.map((outcome) => ('userId' in outcome ? outcome.userId : outcome.refused))).size).toBe(1);
    expect(await client.user.count()).toBe(1);
    expect(await client.userIdentity.count()).toBe(1);
  });
});
