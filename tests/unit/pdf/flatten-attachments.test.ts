import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { flattenPdf, uniqueNames } from '@/lib/server/pdf/flatten/flatten-pdf';
import { attachmentBytes, attachmentNames, pdfFile, pdfText, qpdfCheck } from '../../fixtures/pdf-judges';

const DATE = new Date('2026-11-25T10:00:00Z');
const file = (fieldId: string, name: string, text: string) => ({
  fieldId,
  name,
  contentType: 'application/pdf',
  bytes: new TextEncoder().encode(text),
});

describe('flattenPdf: attachments and the original’s own form', () => {
  it('embeds each signer’s file as a PDF file attachment, same names told apart', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]);
    const attachments = [
      file('f1', 'scan.pdf', 'first'),
      file('f2', 'scan.pdf', 'second'),
      file('f3', 'Cédula.pdf', 'third'),
    ];
    const out = pdfFile(
      await (
        await flattenPdf(await doc.save(), { fields: [], attachments, date: DATE })
      ).save({ useObjectStreams: false }),
    );
    expect(attachmentNames(out).sort()).toEqual(['Cédula.pdf', 'scan (2).pdf', 'scan.pdf']);
    expect(attachmentBytes(out, 'scan (2).pdf').toString()).toBe('second');
    expect(qpdfCheck(out)).toContain('No syntax or stream encoding errors');
  });

  it('names without an extension get a number too', () => {
    expect(uniqueNames([file('a', 'id', ''), file('b', 'id', ''), file('c', 'id', '')])).toEqual([
      'id',
      'id (2)',
      'id (3)',
    ]);
  });

  it('leaves the original’s own form fields and their appearances as they were', async () => {
    const doc = await PDFDocument.create();
    const page = doc.addPage([400, 400]);
    const form = doc.getForm();
    const field = form.createTextField('original.notes');
    field.setText('typed before upload');
    field.addToPage(page, { x: 20, y: 300, width: 200, height: 24 });
    const out = await flattenPdf(await doc.save(), {
      fields: [{ id: 'x', type: 'name', page: 1, x: 20, y: 200, width: 200, height: 24, value: 'Zoë' }],
      attachments: [],
      date: DATE,
    });
    const saved = pdfFile(await out.save({ useObjectStreams: false, updateFieldAppearances: false }));
    const reloaded = await PDFDocument.load(await import('node:fs').then((fs) => fs.readFileSync(saved)));
    expect(reloaded.getForm().getTextField('original.notes').getText()).toBe('typed before upload');
    expect(pdfText(saved)).toContain('typed before upload');
    expect(pdfText(saved)).toContain('Zoë');
  });

  it('refuses a field on a page the PDF does not have', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([300, 300]);
    await expect(
      flattenPdf(await doc.save(), {
        fields: [{ id: 'x', type: 'text', page: 2, x: 0, y: 0, width: 10, height: 10, value: 'a' }],
        attachments: [],
        date: DATE,
      }),
    ).rejects.toThrow(/page 2/);
  });
});
