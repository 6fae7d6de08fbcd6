import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { P12Signer, type Signer } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { displayedSize } from '@/lib/viewer/page-geometry';
import { pageFrame } from '@/lib/server/pdf/flatten/field-space';
import type { TFlattenField } from '@/lib/server/pdf/flatten/types';
import { sealPdf } from '@/lib/server/pdf/seal/seal-pdf';
import { buildSealablePdf } from '@/lib/server/pdf/sealable/build-sealable-pdf';
import { certificateTranslator } from '@/lib/server/finalize/certificate-translator';
import { certificateData } from './certificate-fixture';
import { sealTestPki } from './seal-helpers';
import { judge, pdfFile, pdfWords, qpdfCheck } from '@/tests/fixtures/pdf-judges';

const FOLDER = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'real-world');
// The corpus files the upload path stores as they are (tests/fixtures/real-world/README.md), rotated pages among them.
const FILES = [
  'qpdf-minimal-1',
  'qpdf-c-linearized',
  'qpdf-hybrid-xref',
  'pdfjs-bad-PageLabels',
  'pdfjs-pdfjsbad1586',
  'pdfjs-hello_world_rotated',
  'pdfjs-rotation',
];

let signer: Signer;
beforeAll(async () => {
  const pki = sealTestPki();
  signer = await P12Signer.create(pki.p12, pki.password);
});

/** buildSealablePdf of `pdf` with these fields and a fixed certificate, as finalize calls it. */
async function sealable(pdf: Uint8Array, fields: TFlattenField[]) {
  const { document, ...rest } = certificateData(4);
  return buildSealablePdf({
    pdf,
    fields,
    attachments: [],
    certificate: { ...rest, document: { ...document, pageCount: fields.length } },
    t: await certificateTranslator('en'),
    audit: { documentId: document.id, events: [], head: null, count: 0 },
    biometric: { documentId: document.id, records: [] },
    completedAt: new Date('2026-11-25T12:00:00Z'),
  });
}

const ONE_VALUE: TFlattenField[] = [
  { id: 'f0', type: 'text', page: 1, x: 100, y: 100, width: 200, height: 24, value: 'Muñoz' },
];

describe('buildSealablePdf on real-world PDFs', () => {
  it.each(FILES)('%s: a value on every page lands inside its box, and qpdf finds the result sound', async (name) => {
    const pdf = new Uint8Array(readFileSync(path.join(FOLDER, `${name}.pdf`)));
    const source = await PDFDocument.load(pdf, { ignoreEncryption: true });
    const fields: TFlattenField[] = source.getPages().map((page, index) => {
      const { width, height } = displayedSize(pageFrame(page));
      return {
        id: `f${index}`,
        type: 'text',
        page: index + 1,
        x: width / 4,
        y: height / 3,
        width: width / 2,
        height: 24,
        value: `Muñoz ${index + 1}`,
      };
    });
    const result = await sealable(pdf, fields);
    const file = pdfFile(result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    // The values are an update of the file as it came (linearized, hybrid and stream cross-references included):
    // its bytes start the result unchanged, and the flattened hash is of the first flattenedLength bytes.
    expect(Buffer.from(result.bytes.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(true);
    expect(createHash('sha256').update(result.bytes.subarray(0, result.flattenedLength)).digest('hex')).toBe(
      result.flattenedSha256,
    );
    // Sealed on top of those updates, the file is one poppler calls wholly signed and valid, and qpdf still reads.
    const sealedBytes = (await sealPdf(result.bytes, { signer })).bytes;
    // An update too, never a rewrite: the certificate's "first N bytes" must still be the flattened file.
    expect(Buffer.from(sealedBytes.subarray(0, result.bytes.length)).equals(Buffer.from(result.bytes))).toBe(true);
    const sealed = pdfFile(sealedBytes, 'sealed.pdf');
    const pdfsig = await judge('pdfsig', [sealed]);
    expect(pdfsig.output).toContain('Signature is Valid.');
    expect(pdfsig.output).toContain('Total document signed');
    expect(qpdfCheck(sealed)).toContain('No syntax or stream encoding errors');
    const words = pdfWords(file);
    for (const field of fields) {
      const drawn = words.filter(
        (word) =>
          word.page === field.page &&
          (word.text === 'Muñoz' || word.text === String(field.page)) &&
          word.yMin >= field.y - 1,
      );
      expect(
        drawn.map((word) => word.text),
        `page ${field.page}`,
      ).toEqual(['Muñoz', String(field.page)]);
      for (const word of drawn) {
        expect(word.xMin).toBeGreaterThanOrEqual(field.x);
        expect(word.xMax).toBeLessThanOrEqual(field.x + field.width);
        expect(word.yMax).toBeLessThanOrEqual(field.y + field.height + 1);
      }
    }
  });

  it('saves a file whole when its cross-reference data disagrees with its bytes, and seals that as an update', async () => {
    const pdf = new Uint8Array(readFileSync(path.join(FOLDER, 'qpdf-bad-xref.pdf')));
    const result = await sealable(pdf, ONE_VALUE);
    expect(Buffer.from(result.bytes.subarray(0, pdf.length)).equals(Buffer.from(pdf))).toBe(false);
    const sealedBytes = (await sealPdf(result.bytes, { signer })).bytes;
    expect(Buffer.from(sealedBytes.subarray(0, result.bytes.length)).equals(Buffer.from(result.bytes))).toBe(true);
    const sealed = pdfFile(sealedBytes, 'sealed.pdf');
    expect((await judge('pdfsig', [sealed])).output).toContain('Signature is Valid.');
    expect(pdfWords(sealed).map((word) => word.text)).toContain('Muñoz');
  });

  it('saves a file whole when its end cannot be extended (junk after %%EOF), and keeps its permanent /ID either way', async () => {
    const pdf = new Uint8Array(readFileSync(path.join(FOLDER, 'qpdf-minimal-1.pdf')));
    const junk = new Uint8Array([...pdf, ...Buffer.from('\n% appended by a scanner\n\0\0')]);
    const whole = await sealable(junk, ONE_VALUE);
    expect(Buffer.from(whole.bytes.subarray(0, junk.length)).equals(Buffer.from(junk))).toBe(false);
    const flattened = whole.bytes.subarray(0, whole.flattenedLength);
    expect(Buffer.from(flattened.subarray(-8)).toString('latin1')).toMatch(/%%EOF\s*$/);
    expect(createHash('sha256').update(flattened).digest('hex')).toBe(whole.flattenedSha256);
    const file = pdfFile(whole.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(pdfWords(file).map((word) => word.text)).toContain('Muñoz');

    const updated = await sealable(pdf, ONE_VALUE);
    const ids = (bytes: Uint8Array) =>
      [
        ...Buffer.from(bytes)
          .toString('latin1')
          .matchAll(/\/ID\s*\[\s*<([0-9A-Fa-f]+)>/g),
      ].map((match) => match[1]!.toUpperCase());
    const permanent = ids(pdf)[0];
    expect(permanent).toBeDefined();
    expect(new Set(ids(updated.bytes))).toEqual(new Set([permanent]));
  });
});
