// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { chmodSync, mkdtempSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload } from '@/lib/server/documents/upload/create-document-from-upload';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { LocalBlobStore } from '@/lib/server/storage/local-blob-store';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, listFiles } from '../unit/documents/helpers';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_q');
let client: TDbClient | undefined;

afterAll(async () => {
  await client?.$disconnect();
  await dropTestDatabase(name);
});

async function world() {
  vi.stubEnv('LOG_LEVEL', 'error');
  const db = (client ??= createPrismaClient(await createTestDatabase(name)));
  const blobRoot = mkdtempSync(path.join(tmpdir(), 'signet-quota-blobs-'));
  const tempRoot = mkdtempSync(path.join(tmpdir(), 'signet-quota-temp-'));
  chmodSync(tempRoot, 0o711);
  const deps = {
    client: db,
    store: new LocalBlobStore(blobRoot, randomBytes(32)),
    converter: new OfficeConverter({ timeoutMs: 60_000, concurrency: 1, maxPages: 500, tempRoot }),
    limits: { maxBytes: 2 * 1024 * 1024, maxPages: 500 },
    tempRoot,
  };
  return { client: db, deps, blobRoot };
}

describe('the monthly quota on PostgreSQL', () => {
  it('lets exactly one of many parallel uploads take the last free slot, and the others leave nothing behind', async () => {
    const { client, deps, blobRoot } = await world();
    const owner = await userOnPlan(client, { email: 'free@example.com' }, 'FREE');
    const pdf = await makePdf(1);
    const upload = (index: number) =>
      createDocumentFromUpload({ ...deps, owner, fileName: `contract-${index}.pdf`, data: chunksOf(pdf) });

    for (let i = 1; i <= 4; i++) await upload(i);
    const results = await Promise.allSettled(Array.from({ length: 16 }, (_, index) => upload(5 + index)));

    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const refusals = results.filter((result): result is PromiseRejectedResult => result.status === 'rejected');
    expect(refusals.map((result) => (result.reason as { code?: string }).code)).toEqual(
      Array(15).fill('QUOTA_EXCEEDED'),
    );
    expect(await client.document.count({ where: { ownerId: owner.id } })).toBe(5);
    // One sealed original per stored document, nothing from the refused ones.
    expect(listFiles(blobRoot).filter((file) => !file.startsWith('.tmp'))).toHaveLength(5);
  });

  it("counts a team's month across its members: of many parallel uploads by two members, exactly one takes the last slot", async () => {
    const { client, deps } = await world();
    const [ana, bo] = [
      await userOnPlan(client, { email: 'ana@example.com' }, 'PRO'),
      await userOnPlan(client, { email: 'bo@example.com' }, 'PRO'),
    ];
    const team = await client.workspace.create({ data: { name: 'Crew', plan: 'FREE' } });
    for (const member of [ana, bo])
      await client.membership.create({ data: { workspaceId: team.id, userId: member.id } });
    const pdf = await makePdf(1);
    const upload = (member: typeof ana, index: number) =>
      createDocumentFromUpload({
        ...deps,
        owner: { ...member, workspaceId: team.id, plan: 'FREE' },
        fileName: `team-${index}.pdf`,
        data: chunksOf(pdf),
      });
    for (let i = 1; i <= 4; i++) await upload(i % 2 ? ana : bo, i);
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, index) => upload(index % 2 ? ana : bo, 5 + index)),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    expect(await client.document.count({ where: { workspaceId: team.id } })).toBe(5);
    // The members' own Pro workspaces got nothing.
    expect(await client.document.count({ where: { workspaceId: { in: [ana.id, bo.id] } } })).toBe(0);
  });
});
