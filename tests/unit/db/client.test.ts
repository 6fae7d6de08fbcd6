import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { tempSqliteUrl } from './helpers';

const clients: TDbClient[] = [];
afterAll(async () => Promise.all(clients.map((client) => client.$disconnect())));

async function freshClient(): Promise<TDbClient> {
  const url = tempSqliteUrl();
  await migrateDatabase(url);
  const client = createPrismaClient(url);
  clients.push(client);
  return client;
}

describe('the generated client on SQLite (better-sqlite3 adapter)', () => {
  it('creates and reads a user with its defaults', async () => {
    const db = await freshClient();
    const created = await db.user.create({ data: { email: 'ada@example.test', name: 'Ada' } });
    const read = await db.user.findUniqueOrThrow({ where: { email: 'ada@example.test' } });
    expect(read).toEqual(created);
    expect(read).toMatchObject({ role: 'USER', locale: 'en' });
    // The plan is the personal workspace's, made with the user.
    expect(await db.workspace.findUniqueOrThrow({ where: { id: created.id } })).toMatchObject({
      kind: 'PERSONAL',
      plan: 'FREE',
    });
    expect(read.createdAt).toBeInstanceOf(Date);
  });

  it('enforces foreign keys and cascades deletes', async () => {
    const db = await freshClient();
    const rows = await db.$queryRaw<{ foreign_keys: bigint | number }[]>`PRAGMA foreign_keys`;
    expect(Number(rows[0]?.foreign_keys)).toBe(1);
    const owner = await db.user.create({ data: { email: 'owner@example.test' } });
    const document = await db.document.create({
      data: {
        token: 'tok-1',
        name: 'Contract.pdf',
        ownerId: owner.id,
        workspaceId: owner.id,
        originalBlob: 'blobs/1',
        originalSha256: 'ab',
        recipients: { create: { email: 'r@example.test', name: 'R' } },
      },
      include: { recipients: true },
    });
    expect(document.recipients).toHaveLength(1);
    await expect(
      db.document.create({
        data: {
          token: 'tok-2',
          name: 'x',
          ownerId: 'missing',
          workspaceId: 'missing',
          originalBlob: 'b',
          originalSha256: 'c',
        },
      }),
    ).rejects.toThrow();
    await db.user.delete({ where: { id: owner.id } });
    expect(await db.recipient.count()).toBe(0);
  });

  it('compares dates correctly in queue queries', async () => {
    const db = await freshClient();
    const now = Date.now();
    await db.job.createMany({
      data: [
        { queue: 'q', payload: '{}', runAt: new Date(now - 60_000) },
        { queue: 'q', payload: '{}', runAt: new Date(now + 60_000) },
      ],
    });
    const due = await db.job.findMany({ where: { status: 'QUEUED', runAt: { lte: new Date(now) } } });
    expect(due).toHaveLength(1);
    expect(due[0]!.runAt.getTime()).toBe(now - 60_000);
  });
});

describe('the db singleton', () => {
  afterEach(async () => {
    const holder = globalThis as { signetDb?: TDbClient };
    await holder.signetDb?.$disconnect();
    delete holder.signetDb;
    vi.unstubAllEnvs();
  });

  it('connects lazily to DATABASE_URL and answers pings', async () => {
    const url = tempSqliteUrl();
    await migrateDatabase(url);
    vi.resetModules();
    vi.stubEnv('DATABASE_URL', url);
    const { db } = await import('@/lib/server/db/client');
    const { pingDatabase } = await import('@/lib/server/db/ping');
    expect((globalThis as { signetDb?: unknown }).signetDb).toBeUndefined();
    await pingDatabase();
    expect(await db.user.count()).toBe(0);
  });

  it('makes pingDatabase throw when the database is unusable', async () => {
    vi.resetModules();
    vi.stubEnv('DATABASE_URL', 'postgresql://nobody:wrong@127.0.0.1:1/none');
    vi.stubEnv('AUTH_SECRET', 'a'.repeat(32)); // required with PostgreSQL: the failure must be the database's
    const { pingDatabase } = await import('@/lib/server/db/ping');
    await expect(pingDatabase()).rejects.toThrow();
  });
});
