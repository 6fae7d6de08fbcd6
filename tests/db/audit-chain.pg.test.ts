// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { afterAll, describe, expect, it, vi } from 'vitest';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { verifyChain } from '@/lib/server/audit/read-audit-trail';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { createTestDatabase, dropTestDatabase, testDatabaseName } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const name = testDatabaseName('signet_audit');
let client: TDbClient | undefined;

afterAll(async () => {
  await client?.$disconnect();
  await dropTestDatabase(name);
});

describe('the audit chain on PostgreSQL', () => {
  it('stays one unforked chain when many connections append to one document at once', async () => {
    client = createPrismaClient(await createTestDatabase(name));
    const owner = await client.user.create({ data: { email: 'owner@example.com' } });
    const document = await client.document.create({
      data: {
        token: 'token-audit',
        name: 'A.pdf',
        ownerId: owner.id,
        workspaceId: owner.id,
        originalBlob: 'documents/x/original.pdf',
        originalSha256: 'x',
      },
    });
    // Each append in its own transaction, as parallel invitation jobs write them.
    await Promise.all(
      Array.from({ length: 30 }, (_, index) =>
        appendAuditEvent(client!, { documentId: document.id, type: `test.${index}`, actor: 'system' }),
      ),
    );
    const events = await client.auditEvent.findMany({ where: { documentId: document.id } });
    const head = await client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(events).toHaveLength(30);
    expect(new Set(events.map((event) => event.prevHash)).size).toBe(30);
    expect(verifyChain(events, head).chainValid).toBe(true);
  });
});
