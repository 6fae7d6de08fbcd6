import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { attachEvidence } from '@/lib/server/pdf/evidence/attach-evidence';
import { attachmentBytes, attachmentNames, pdfFile, qpdfCheck } from '../../fixtures/pdf-judges';

const audit = {
  documentId: 'doc-1',
  events: [
    {
      id: 'e1',
      type: 'document.sent',
      actor: 'owner-1',
      at: '2026-11-25T10:00:00.000Z',
      ip: '203.0.113.1',
      userAgent: 'UA',
      data: { recipients: 2 },
      prevHash: null,
      hash: 'a'.repeat(64),
    },
  ],
  head: 'a'.repeat(64),
  count: 1,
};
const biometric = {
  documentId: 'doc-1',
  records: [
    {
      recipientId: 'r1',
      fieldId: 'f1',
      recordSha256: 'b'.repeat(64),
      envelope: { v: 1, ciphertext: 'x'.repeat(4000) },
    },
  ],
};

describe('attachEvidence', () => {
  it('embeds the audit trail (Data) and the biometric records (Supplement) as compressed JSON files under their fixed names', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    await attachEvidence(doc, { audit, biometric, date: new Date('2026-11-25T12:00:00Z') });
    const bytes = await doc.save({ useObjectStreams: false });
    const file = pdfFile(bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(attachmentNames(file)).toEqual(['signet-audit.json', 'signet-biometric.json']);
    expect(JSON.parse(attachmentBytes(file, 'signet-audit.json').toString('utf8'))).toEqual(audit);
    expect(JSON.parse(attachmentBytes(file, 'signet-biometric.json').toString('utf8'))).toEqual(biometric);

    const loaded = await PDFDocument.load(bytes);
    const names = loaded.catalog
      .lookup(PDFName.of('Names'), PDFDict)
      .lookup(PDFName.of('EmbeddedFiles'), PDFDict)
      .lookup(PDFName.of('Names'), PDFArray);
    const specs = [names.lookup(1, PDFDict), names.lookup(3, PDFDict)];
    expect(specs.map((spec) => spec.get(PDFName.of('AFRelationship'))?.toString())).toEqual(['/Data', '/Supplement']);
    for (const spec of specs) {
      const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
      if (!(stream instanceof PDFRawStream)) throw new Error('no embedded file stream');
      expect(stream.dict.get(PDFName.of('Filter'))?.toString()).toBe('/FlateDecode');
      expect(stream.dict.lookup(PDFName.of('Subtype'))?.toString()).toBe('/application#2Fjson');
    }
    // Both listed in the catalog's associated files (PDF/A-3 style).
    expect(loaded.catalog.lookup(PDFName.of('AF'), PDFArray).size()).toBe(2);
    // Compressed: the repeated ciphertext takes far less room than its 4000 characters.
    expect(bytes.length).toBeLessThan(3000);
  });
});
