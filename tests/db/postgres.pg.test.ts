// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { randomBytes } from 'node:crypto';
import { appendFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { liveSchemaDrift, postgresIntrospectionAdapter } from '@/scripts/db-schema-engine';
import { readSchemas } from '@/scripts/db-schemas';
import { addMigration, copyMigrations, repoMigrations } from '../unit/db/helpers';

const serverUrl = process.env.TEST_POSTGRES_URL!;
const committed = readdirSync(path.join(repoMigrations, 'postgresql')).sort();
const created: string[] = [];
const clients: TDbClient[] = [];

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new, empty database on the test server; its URL. */
async function freshDatabase(): Promise<string> {
  const name = `signet_t_${randomBytes(6).toString('hex')}`;
  await admin((client) => client.query(`CREATE DATABASE "${name}"`));
  created.push(name);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

afterAll(async () => {
  await Promise.all(clients.map((client) => client.$disconnect()));
  await admin(async (client) => {
    for (const name of created) await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
  });
});

describe('migrateDatabase on PostgreSQL', () => {
  it('applies every migration once, then nothing', async () => {
    const url = await freshDatabase();
    expect(await migrateDatabase(url)).toEqual({ applied: committed });
    expect(await migrateDatabase(url)).toEqual({ applied: [] });
  });

  it('applies each migration exactly once when instances start together', async () => {
    const url = await freshDatabase();
    const results = await Promise.all([1, 2, 3].map(() => migrateDatabase(url)));
    expect(results.flatMap((result) => result.applied).sort()).toEqual(committed);
  });

  it('yields exactly the schema in prisma/schema.prisma', async () => {
    const url = await freshDatabase();
    await migrateDatabase(url);
    expect(await liveSchemaDrift('postgresql', readSchemas().postgresql, postgresIntrospectionAdapter(url))).toBe('');
  });

  it('refuses to run when an applied migration was edited', async () => {
    const root = copyMigrations();
    const url = await freshDatabase();
    await migrateDatabase(url, { migrationsRoot: root });
    appendFileSync(path.join(root, 'postgresql', committed[0]!, 'migration.sql'), '\n-- edited\n');
    await expect(migrateDatabase(url, { migrationsRoot: root })).rejects.toThrow(/was changed after it was applied/);
  });

  it('rolls a failing migration back completely and records nothing', async () => {
    const root = copyMigrations();
    const url = await freshDatabase();
    await migrateDatabase(url, { migrationsRoot: root });
    addMigration(
      root,
      'postgresql',
      '29990101000000_broken',
      'CREATE TABLE "Half" ("id" INTEGER);\nINSERT INTO "Missing" VALUES (1);',
    );
    await expect(migrateDatabase(url, { migrationsRoot: root })).rejects.toThrow(
      /Migration 29990101000000_broken failed and was rolled back: relation "Missing" does not exist/,
    );
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    const half = await client.query(`SELECT to_regclass('"Half"') AS t`);
    const recorded = await client.query(`SELECT count(*)::int AS n FROM _signet_migrations WHERE name LIKE '2999%'`);
    await client.end();
    expect(half.rows[0].t).toBeNull();
    expect(recorded.rows[0].n).toBe(0);
  });
});

describe('the generated client on PostgreSQL (pg adapter)', () => {
  it('round-trips a document with its recipients, fields, signature and audit trail', async () => {
    const url = await freshDatabase();
    await migrateDatabase(url);
    const db = createPrismaClient(url);
    clients.push(db);

    const user = await db.user.create({ data: { email: 'ada@example.test', name: 'Ada', role: 'ADMIN' } });
    expect(await db.user.findUniqueOrThrow({ where: { email: 'ada@example.test' } })).toEqual(user);

    const document = await db.document.create({
      data: {
        token: 'tok',
        name: 'Contract.pdf',
        ownerId: user.id,
        workspaceId: user.id,
        originalBlob: 'blobs/1',
        originalSha256: 'aa',
        expiresAt: new Date('2030-01-02T03:04:05.678Z'),
        recipients: { create: { email: 'r@example.test', name: 'R', role: 'SIGNER' } },
        auditEvents: { create: { type: 'document.created', actor: user.id, hash: 'h1', data: '{"a":1}' } },
      },
      include: { recipients: true },
    });
    const field = await db.field.create({
      data: {
        documentId: document.id,
        recipientId: document.recipients[0]!.id,
        type: 'SIGNATURE',
        page: 1,
        x: 0.1,
        y: 0.2,
        width: 0.3,
        height: 0.05,
      },
    });
    await db.signature.create({ data: { fieldId: field.id, kind: 'DRAWN', image: 'data:image/png;base64,AA==' } });

    const read = await db.document.findUniqueOrThrow({
      where: { token: 'tok' },
      include: { fields: { include: { signature: true } }, auditEvents: true },
    });
    expect(read.expiresAt?.toISOString()).toBe('2030-01-02T03:04:05.678Z');
    expect(read.status).toBe('DRAFT');
    expect(read.fields[0]).toMatchObject({ x: 0.1, width: 0.3, signature: { kind: 'DRAWN' } });
    expect(read.auditEvents[0]).toMatchObject({ type: 'document.created', data: '{"a":1}' });

    await db.user.delete({ where: { id: user.id } });
    expect(await db.signature.count()).toBe(0);
  });
});
