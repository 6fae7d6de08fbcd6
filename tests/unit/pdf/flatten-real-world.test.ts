import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { displayedSize } from '@/lib/pdf/page-geometry';
import { pageFrame } from '@/lib/pdf/flatten/field-space';
import type { TFlattenField } from '@/lib/pdf/flatten/types';
import { buildSealablePdf } from '@/lib/pdf/sealable/build-sealable-pdf';
import { certificateTranslator } from '@/lib/server/finalize/certificate-translator';
import { certificateData } from './certificate-fixture';
import { pdfFile, pdfWords, qpdfCheck } from './pdf-judges';

const FOLDER = path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'real-world');
// The corpus files the upload path stores as they are (tests/fixtures/real-world/README.md), rotated pages among them.
const FILES = ['qpdf-minimal-1', 'qpdf-c-linearized', 'qpdf-hybrid-xref', 'pdfjs-bad-PageLabels', 'pdfjs-pdfjsbad1586', 'pdfjs-hello_world_rotated', 'pdfjs-rotation'];

describe('buildSealablePdf on real-world PDFs', () => {
  it.each(FILES)('%s: a value on every page lands inside its box, and qpdf finds the result sound', async (name) => {
    const pdf = new Uint8Array(readFileSync(path.join(FOLDER, `${name}.pdf`)));
    const source = await PDFDocument.load(pdf, { ignoreEncryption: true });
    const fields: TFlattenField[] = source.getPages().map((page, index) => {
      const { width, height } = displayedSize(pageFrame(page));
      return { id: `f${index}`, type: 'text', page: index + 1, x: width / 4, y: height / 3, width: width / 2, height: 24, value: `Muñoz ${index + 1}` };
    });
    const { document, ...rest } = certificateData(4);
    const result = await buildSealablePdf({
      pdf,
      fields,
      attachments: [],
      certificate: { ...rest, document: { ...document, pageCount: fields.length } },
      t: await certificateTranslator('en'),
      audit: { documentId: document.id, events: [], head: null, count: 0 },
      biometric: { documentId: document.id, records: [] },
      completedAt: new Date('2026-11-25T12:00:00Z'),
    });
    const file = pdfFile(result.bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const words = pdfWords(file);
    for (const field of fields) {
      const drawn = words.filter((word) => word.page === field.page && (word.text === 'Muñoz' || word.text === String(field.page)) && word.yMin >= field.y - 1);
      expect(drawn.map((word) => word.text), `page ${field.page}`).toEqual(['Muñoz', String(field.page)]);
      for (const word of drawn) {
        expect(word.xMin).toBeGreaterThanOrEqual(field.x);
        expect(word.xMax).toBeLessThanOrEqual(field.x + field.width);
        expect(word.yMax).toBeLessThanOrEqual(field.y + field.height + 1);
      }
    }
  });
});
