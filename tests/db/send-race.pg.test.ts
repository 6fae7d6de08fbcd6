// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { describe, expect, it, vi } from 'vitest';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const openDatabase = appDatabase('signet_send');

/** The operations under test, imported after openDatabase() so they use its client. */
async function appModules() {
  return {
    sendDocument: (await import('@/lib/server/documents/send-document')).sendDocument,
    replaceRecipients: (await import('@/lib/server/recipients/replace-recipients')).replaceRecipients,
  };
}

describe('sending on PostgreSQL', () => {
  it('lets exactly one of simultaneous sends win, and a send racing an edit never lets both through', async () => {
    const db = await openDatabase();
    const { sendDocument, replaceRecipients } = await appModules();
    const owner = await db.user.create({ data: { email: 'owner@example.com' } });
    const draft = async (token: string) => {
      const document = await db.document.create({
        data: {
          token,
          name: 'A.pdf',
          ownerId: owner.id,
          workspaceId: owner.id,
          originalBlob: 'documents/x/original.pdf',
          originalSha256: 'x',
          pageCount: 1,
          pageSizes: JSON.stringify([{ width: 612, height: 792 }]),
        },
      });
      const recipient = await db.recipient.create({
        data: { documentId: document.id, email: 'ana@example.com', name: 'Ana' },
      });
      await db.field.create({
        data: {
          documentId: document.id,
          recipientId: recipient.id,
          type: 'SIGNATURE',
          page: 1,
          x: 10,
          y: 10,
          width: 180,
          height: 50,
        },
      });
      return document;
    };
    const me = { userId: owner.id, workspaceId: owner.id, actor: owner.id };
    const meta = { ip: null, userAgent: null };

    const document = await draft('race-1');
    const results = await Promise.allSettled(Array.from({ length: 6 }, () => sendDocument(document.id, me, {}, meta)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected') expect(result.reason).toMatchObject({ code: 'CONFLICT' });
    expect(await db.job.count({ where: { queue: 'mail.invitation' } })).toBe(1);
    expect(await db.auditEvent.count({ where: { documentId: document.id, type: 'document.sent' } })).toBe(1);

    for (let round = 0; round < 5; round++) {
      const raced = await draft(`race-edit-${round}`);
      const [sent, edited] = await Promise.allSettled([
        sendDocument(raced.id, me, {}, meta),
        replaceRecipients(raced.id, owner.id, {
          recipients: [{ email: 'bo@example.com', name: 'Bo', role: 'signer', auth: 'none' }],
        }),
      ]);
      const stored = await db.document.findUniqueOrThrow({ where: { id: raced.id }, include: { recipients: true } });
      // Never both: a document sent with recipients its checks did not see.
      expect(sent.status === 'fulfilled' && edited.status === 'fulfilled').toBe(false);
      if (sent.status === 'fulfilled')
        expect(stored.recipients.map((recipient) => recipient.email)).toEqual(['ana@example.com']);
      else expect(stored.status).toBe('DRAFT');
    }
  });
});
