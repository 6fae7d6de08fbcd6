// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { describe, expect, it, vi } from 'vitest';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const openDatabase = appDatabase('signet_signer');

/** The operations under test, imported after openDatabase() so they use its client. */
async function appModules() {
  return {
    completeSigning: (await import('@/lib/server/signing/actions/complete-signing')).completeSigning,
    declineSigning: (await import('@/lib/server/signing/actions/decline-signing')).declineSigning,
    resolveSigningToken: (await import('@/lib/server/signing/link/resolve-signing-token')).resolveSigningToken,
    issueSigningLink: (await import('@/lib/server/signing/link/signing-link')).issueSigningLink,
    verifyChain: (await import('@/lib/server/audit/read-audit-trail')).verifyChain,
  };
}

describe('signer changes on PostgreSQL', () => {
  it('concurrent completes sign once; the last two signers at once queue one finalize; a decline racing a complete leaves one', async () => {
    const db = await openDatabase();
    const app = await appModules();
    const owner = await db.user.create({ data: { email: 'owner@example.com' } });
    const meta = { ip: '203.0.113.9', userAgent: 'race' };

    /** A pending document whose signers have consented and have their signature on file; their tokens. */
    async function pending(token: string, signers: number) {
      const document = await db.document.create({
        data: {
          token,
          name: 'A.pdf',
          ownerId: owner.id,
          workspaceId: owner.id,
          status: 'PENDING',
          mode: 'SIGN',
          signingOrder: 'PARALLEL',
          originalBlob: 'documents/x/original.pdf',
          originalSha256: 'x',
          pageCount: 1,
        },
      });
      const tokens: string[] = [];
      for (let index = 0; index < signers; index++) {
        const recipient = await db.recipient.create({
          data: {
            documentId: document.id,
            email: `s${index}@example.com`,
            name: `S${index}`,
            status: 'SENT',
            invitedAt: new Date(),
            sentAt: new Date(),
            consentAt: new Date(),
          },
        });
        const field = await db.field.create({
          data: {
            documentId: document.id,
            recipientId: recipient.id,
            type: 'SIGNATURE',
            page: 1,
            x: 10,
            y: 10 + 60 * index,
            width: 180,
            height: 50,
          },
        });
        await db.signature.create({ data: { fieldId: field.id, kind: 'TYPED', image: 'data:image/png;base64,AA==' } });
        tokens.push(await app.issueSigningLink(db, recipient.id));
      }
      return { document, tokens };
    }
    const complete = async (token: string) => app.completeSigning(await app.resolveSigningToken(token), meta);
    const events = (documentId: string, type: string) => db.auditEvent.count({ where: { documentId, type } });
    const chainHolds = async (documentId: string) =>
      app.verifyChain(
        await db.auditEvent.findMany({ where: { documentId } }),
        await db.document.findUniqueOrThrow({ where: { id: documentId } }),
      ).chainValid;

    // One signer, six tabs (each resolved its link before any signed): one signed, the rest told the link is gone.
    const one = await pending('race-one', 1);
    const signers = await Promise.all(Array.from({ length: 6 }, () => app.resolveSigningToken(one.tokens[0]!)));
    const results = await Promise.allSettled(signers.map((signer) => app.completeSigning(signer, meta)));
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    for (const result of results)
      if (result.status === 'rejected')
        expect(result.reason).toMatchObject({ code: 'GONE', extensions: { reason: 'signed' } });
    expect(await events(one.document.id, 'recipient.signed')).toBe(1);
    expect(await db.job.count({ where: { queue: 'document.finalize', payload: { contains: one.document.id } } })).toBe(
      1,
    );
    expect(await chainHolds(one.document.id)).toBe(true);

    // Five parallel signers finishing at once: every one signed, exactly one finalize job.
    const five = await pending('race-five', 5);
    await Promise.all(five.tokens.map(complete));
    expect(await db.recipient.count({ where: { documentId: five.document.id, status: 'SIGNED' } })).toBe(5);
    expect(await events(five.document.id, 'recipient.signed')).toBe(5);
    expect(await db.job.count({ where: { queue: 'document.finalize', payload: { contains: five.document.id } } })).toBe(
      1,
    );
    expect(await chainHolds(five.document.id)).toBe(true);

    // A decline and a complete at once, by two signers: whichever goes first, the other finds its link gone.
    for (let round = 0; round < 4; round++) {
      const two = await pending(`race-decline-${round}`, 2);
      const [declined, signed] = await Promise.allSettled([
        app.declineSigning(await app.resolveSigningToken(two.tokens[0]!), 'No.', meta),
        complete(two.tokens[1]!),
      ]);
      const stored = await db.document.findUniqueOrThrow({
        where: { id: two.document.id },
        include: { recipients: true },
      });
      expect(declined.status).toBe('fulfilled');
      expect(stored.status).toBe('DECLINED');
      if (signed.status === 'rejected')
        expect(signed.reason).toMatchObject({ code: 'GONE', extensions: { reason: 'declined' } });
      expect(
        await db.job.count({ where: { queue: 'document.finalize', payload: { contains: two.document.id } } }),
      ).toBe(0);
      expect(await chainHolds(two.document.id)).toBe(true);
    }
  });
});
