import { createHash } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import { makeSizedPdf } from '@/tests/unit/api/helpers';
import { attachmentBytes, attachmentNames, pdfFile, pdfText, pdfWords, qpdfCheck } from '@/tests/fixtures/pdf-judges';
import { penSignature, stubEscrowKey } from '@/tests/unit/signatures/escrow-fixture';
import { finalizeWorld } from './finalize-world';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

stubEscrowKey();
const { world, sentOn, consent, putField, complete, upload, fieldValue } = finalizeWorld();

const NAMES = 'Řehoř Šťastný, São João, Muñoz';
const COMPLETED = new Date('2026-11-25T12:00:00Z');
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const oneLine = (text: string) => text.replace(/\s+/g, ' ');
const pngDataUrl = () => {
  const png = new PNG({ width: 60, height: 20 });
  for (let index = 0; index < png.data.length; index += 4) png.data.set([20, 30, 90, 255], index);
  return `data:image/png;base64,${PNG.sync.write(png).toString('base64')}`;
};

/** Ana and Bo sign a two-page document (page 2 shown rotated 90°) through the real signer routes. */
async function signedDocument() {
  const { document, people, fieldIds, tokens } = await sentOn(
    [
      [612, 792],
      [612, 792, 90],
    ],
    [
      { email: 'ana@example.com', name: 'Ana Gonçalves' },
      { email: 'bo@example.com', name: 'Bo Novák' },
    ],
    [
      { to: 0, type: 'signature', x: 60, y: 600, width: 180, height: 50 },
      { to: 0, type: 'text', page: 2, x: 100, y: 120, width: 320, height: 24 },
      { to: 0, type: 'date', x: 300, y: 620, width: 150, height: 24, dateFormat: 'dd.MM.yyyy' },
      { to: 0, type: 'checkbox', x: 60, y: 700, width: 16, height: 16 },
      { to: 0, type: 'radio', x: 60, y: 400, width: 120, height: 20, options: ['Sim', 'Não'] },
      { to: 0, type: 'attachment', x: 60, y: 450, width: 150, height: 24 },
      { to: 1, type: 'signature', x: 320, y: 520, width: 180, height: 50 },
      { to: 1, type: 'initials', page: 2, x: 600, y: 500, width: 60, height: 40 },
      { to: 1, type: 'dropdown', x: 320, y: 450, width: 150, height: 24, options: ['Praha', 'Brno'] },
    ],
  );
  const [ana, bo] = [people[0]!, people[1]!];
  const [anaSig, text, , checkbox, radio, attachment, boSig, boInitials, dropdown] = fieldIds as string[];
  await consent(ana.id);
  await consent(bo.id);
  await world.client.recipient.update({
    where: { id: ana.id },
    data: { consentIp: '203.0.113.9', consentUserAgent: 'Mozilla/5.0 (Ana’s browser)' },
  });
  const [anaToken, boToken] = [tokens['ana@example.com']!, tokens['bo@example.com']!];
  for (const [token, field, body] of [
    [anaToken, anaSig, { signature: penSignature() }],
    [anaToken, text, { value: NAMES }],
    [anaToken, checkbox, { value: 'true' }],
    [anaToken, radio, { value: 'Não' }],
    [boToken, boSig, { signature: { kind: 'typed', text: 'Bo Novák' } }],
    [boToken, boInitials, { signature: { kind: 'image', image: pngDataUrl() } }],
    [boToken, dropdown, { value: 'Brno' }],
  ] as const)
    expect((await putField(token, field!, body)).status).toBe(200);
  const scan = await makeSizedPdf([[200, 200]]);
  expect((await upload(anaToken, attachment!, scan, 'Cartão de cidadão.pdf')).status).toBe(200);
  expect((await complete(anaToken)).status).toBe(200);
  expect((await complete(boToken)).status).toBe(200);
  return { document, ana, bo, scan, ids: { text, dateField: fieldIds[2]!, anaSig, boSig } };
}

describe('prepareSealablePdf', () => {
  it('flattens every value, appends the certificate with the stored hashes and attaches the evidence; qpdf finds it sound', async () => {
    const { document, ana, scan, ids } = await signedDocument();
    const { prepareSealablePdf } = await import('@/lib/server/finalize/prepare-sealable-pdf');
    const result = await prepareSealablePdf(document.id, { completedAt: COMPLETED });
    const file = pdfFile(result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');

    const text = oneLine(pdfText(file));
    const date = (await fieldValue(ids.dateField))!;
    expect(date).toMatch(/^\d\d\.\d\d\.\d{4}$/);
    for (const value of [NAMES, date, 'Não', 'Brno', 'Cartão de cidadão.pdf']) expect(text).toContain(value);
    // The text field on the rotated page lies inside its displayed box.
    const words = pdfWords(file).filter((word) => word.page === 2 && ['Řehoř', 'Muñoz'].includes(word.text));
    expect(words).toHaveLength(2);
    for (const word of words) {
      expect(word.xMin).toBeGreaterThanOrEqual(100);
      expect(word.xMax).toBeLessThanOrEqual(420);
      expect(word.yMin).toBeGreaterThanOrEqual(119);
      expect(word.yMax).toBeLessThanOrEqual(145);
    }

    // The certificate prints the stored original hash and the flattened one returned; the pages follow the document's two.
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(text).toContain(stored.originalSha256);
    expect(text).toContain(result.flattenedSha256);
    expect(text).toContain('Ana Gonçalves');
    expect(text).toContain('203.0.113.9');
    expect(text).toContain('Drawn by hand (7 biometric samples)');
    expect(text).toContain('Typed name (Dancing Script); Initials: Uploaded image');
    // The flattened file is the working PDF with the values appended as an update, and the sealable file's first
    // flattenedLength bytes: the certificate prints that length, so its hash can be checked from the file alone.
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    const working = await getBlobStore().get(stored.currentBlob ?? stored.originalBlob);
    expect(Buffer.from(result.bytes.subarray(0, working.length)).equals(working)).toBe(true);
    expect(result.flattenedLength).toBeGreaterThan(working.length);
    expect(sha256(result.bytes.subarray(0, result.flattenedLength))).toBe(result.flattenedSha256);
    expect(text).toContain(`the first ${result.flattenedLength} bytes of the sealed PDF`);
    const certificatePages = Number(
      /Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [pdfFile(result.certificate)]).toString())![1],
    );
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(new RegExp(`Pages:\\s+${2 + certificatePages}\\n`));
    const certificateText = oneLine(pdfText(pdfFile(result.certificate)));
    expect(certificateText).toContain(result.flattenedSha256);
    expect(pdfText(file, 3)).toContain('Certificate of completion');

    const names = attachmentNames(file);
    expect(names.sort()).toEqual(['Cartão de cidadão.pdf', 'signet-audit.json', 'signet-biometric.json'].sort());
    expect(Buffer.compare(attachmentBytes(file, 'Cartão de cidadão.pdf'), Buffer.from(scan))).toBe(0);
    const audit = JSON.parse(attachmentBytes(file, 'signet-audit.json').toString('utf8'));
    expect(audit).toMatchObject({ documentId: document.id, head: stored.auditHead, count: stored.auditCount });
    expect(audit.events).toHaveLength(stored.auditCount);
    expect(audit.events.at(-1).hash).toBe(stored.auditHead);
    expect(Object.keys(audit.events[0]).sort()).toEqual([
      'actor',
      'at',
      'data',
      'hash',
      'id',
      'ip',
      'prevHash',
      'type',
      'userAgent',
    ]);
    const biometric = JSON.parse(attachmentBytes(file, 'signet-biometric.json').toString('utf8'));
    const signature = await world.client.signature.findUniqueOrThrow({ where: { fieldId: ids.anaSig } });
    expect(biometric).toEqual({
      documentId: document.id,
      records: [
        {
          recipientId: ana.id,
          fieldId: ids.anaSig,
          recordSha256: signature.biometricSha256,
          envelope: JSON.parse(signature.biometric!),
        },
      ],
    });
  });

  it('is deterministic: the same state and completion time give the same bytes; the flattened hash is of the flattened file alone', async () => {
    const { document } = await signedDocument();
    const { prepareSealablePdf } = await import('@/lib/server/finalize/prepare-sealable-pdf');
    const [first, second] = [
      await prepareSealablePdf(document.id, { completedAt: COMPLETED }),
      await prepareSealablePdf(document.id, { completedAt: COMPLETED }),
    ];
    expect(sha256(first.bytes)).toBe(sha256(second.bytes));
    expect(sha256(first.certificate)).toBe(sha256(second.certificate));
    expect(first.flattenedSha256).toBe(second.flattenedSha256);
    expect(first.flattenedSha256).not.toBe(sha256(first.bytes));
    const info = execFileSync('pdfinfo', ['-isodates', pdfFile(first.bytes)]).toString();
    expect(info).toMatch(/ModDate:\s+2026-11-25T12:00:00Z/);
  });

  it('is what the seal signs: sealed with the instance key, pdfsig finds the whole document signed and the evidence still attached', async () => {
    const { document } = await signedDocument();
    const { prepareSealablePdf } = await import('@/lib/server/finalize/prepare-sealable-pdf');
    const { sealWithInstanceKey } = await import('@/lib/server/finalize/seal-with-instance-key');
    const sealed = await sealWithInstanceKey((await prepareSealablePdf(document.id, { completedAt: COMPLETED })).bytes);
    const file = pdfFile(sealed.bytes);
    const verdict = execFileSync('pdfsig', [file]).toString();
    expect(verdict).toContain('Signature is Valid.');
    expect(verdict).toContain('Total document signed');
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(attachmentNames(file)).toEqual(expect.arrayContaining(['signet-audit.json', 'signet-biometric.json']));
  });

  it('refuses a broken audit chain or a working PDF that no longer matches its recorded hash, and stops when aborted', async () => {
    const { document } = await signedDocument();
    const { prepareSealablePdf } = await import('@/lib/server/finalize/prepare-sealable-pdf');
    const controller = new AbortController();
    controller.abort(new Error('job cancelled'));
    await expect(
      prepareSealablePdf(document.id, { completedAt: COMPLETED, signal: controller.signal }),
    ).rejects.toThrow('job cancelled');
    const event = await world.client.auditEvent.findFirstOrThrow({
      where: { documentId: document.id, type: 'recipient.signed' },
    });
    await world.client.auditEvent.update({ where: { id: event.id }, data: { ip: '198.51.100.66' } });
    await expect(prepareSealablePdf(document.id, { completedAt: COMPLETED })).rejects.toMatchObject({
      code: 'INTERNAL',
      detail: expect.stringContaining('hash chain'),
    });
    await world.client.auditEvent.update({ where: { id: event.id }, data: { ip: event.ip } });
    expect((await prepareSealablePdf(document.id, { completedAt: COMPLETED })).bytes.length).toBeGreaterThan(0);
    await world.client.document.update({ where: { id: document.id }, data: { originalSha256: '0'.repeat(64) } });
    await expect(prepareSealablePdf(document.id, { completedAt: COMPLETED })).rejects.toMatchObject({
      code: 'INTERNAL',
    });
    await expect(prepareSealablePdf('no-such-document', { completedAt: COMPLETED })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
  });
});
