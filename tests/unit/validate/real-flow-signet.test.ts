// The signet part on a document signed through the real signer routes, flattened with its evidence
// (prepareSealablePdf) and sealed with the instance key: the validator re-verifies what the product embedded.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { finalizeWorld } from '@/tests/unit/finalize/finalize-world';
import { penSignature, stubEscrowKey } from '@/tests/unit/signatures/escrow-fixture';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));
vi.setConfig({ testTimeout: 120_000 });

stubEscrowKey();
const { world, sentOn, consent, putField, complete } = finalizeWorld();

describe('the signet part of a document sealed through the real flow', () => {
  it('matches the sealed record, verifies the embedded audit chain against the stored one and counts biometric records per signer', async () => {
    const { document, people, fieldIds, tokens } = await sentOn(
      [[612, 792]],
      [{ email: 'ana@example.com', name: 'Ana Gonçalves' }],
      [{ to: 0, type: 'signature', x: 60, y: 600, width: 180, height: 50 }],
    );
    const ana = people[0]!;
    await consent(ana.id);
    expect((await putField(tokens['ana@example.com']!, fieldIds[0]!, { signature: penSignature() })).status).toBe(200);
    expect((await complete(tokens['ana@example.com']!)).status).toBe(200);

    const completedAt = new Date('2026-11-25T12:00:00Z');
    const { prepareSealablePdf } = await import('@/lib/server/finalize/prepare-sealable-pdf');
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    const sealed = (await sealWithInstanceKey((await prepareSealablePdf(document.id, { completedAt })).bytes)).bytes;
    await world.client.document.update({
      where: { id: document.id },
      data: { sealedSha256: createHash('sha256').update(sealed).digest('hex'), completedAt },
    });

    const { validatePdf } = await import('@/lib/server/validate/validate-pdf');
    const { loadTrustAnchors } = await import('@/lib/server/validate/load-trust-anchors');
    const { checkSignetEvidence } = await import('@/lib/server/validate/check-signet-evidence');
    const { readSignetEvidence } = await import('@/lib/server/validate/read-signet-evidence');
    const { PDFDocument } = await import('pdf-lib');
    const report = await validatePdf(sealed, { anchors: await loadTrustAnchors() });
    expect(report.verdict).toBe('valid');
    expect(report.signatures[0]).toMatchObject({
      trust: 'instance',
      level: 'B-B',
      intact: true,
      coversWholeDocument: true,
    });
    const signet = await checkSignetEvidence(readSignetEvidence(sealed, await PDFDocument.load(sealed)));
    expect(signet).toEqual({
      documentId: document.id,
      recordFound: true,
      matchesRecord: true,
      sealedAt: completedAt.toISOString(),
      auditChainValid: true,
      biometric: { signers: [{ recipientId: ana.id, name: 'Ana Gonçalves', records: 1 }] },
    });
  });
});
