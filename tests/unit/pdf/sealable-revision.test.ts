import { execFileSync } from 'node:child_process';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appendRevision, snapshotRevision } from '@/lib/pdf/sealable/append-revision';
import { attachmentNames, pdfFile, pdfText, qpdfCheck } from './pdf-judges';

const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);

describe('appendRevision', () => {
  it('appends pages and attachments as an incremental update, the earlier revision kept byte for byte', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 300]).drawText('first revision', { x: 20, y: 200, font });
    // An attachment already in the first revision: the update must extend its name tree, not replace it.
    await doc.attach(new TextEncoder().encode('earlier'), 'earlier.txt', { creationDate: new Date(0), modificationDate: new Date(0) });
    const first = await doc.save({ useObjectStreams: false });
    const snapshot = snapshotRevision(doc);

    doc.addPage([300, 300]).drawText('second revision', { x: 20, y: 200, font });
    await doc.attach(new TextEncoder().encode('later'), 'later.txt', { creationDate: new Date(0), modificationDate: new Date(0) });
    const bytes = await appendRevision(doc, first, snapshot);

    expect(Buffer.from(bytes.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    const file = pdfFile(bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(pages(file)).toBe(2);
    expect(pdfText(file)).toContain('second revision');
    expect(attachmentNames(file).sort()).toEqual(['earlier.txt', 'later.txt']);
    // Only what changed is written again: the new page, not the first one.
    const update = Buffer.from(bytes.subarray(first.length)).toString('latin1');
    expect(update).toContain('/Prev ');
    const written = new Set([...update.matchAll(/(\d+) 0 obj/g)].map((match) => Number(match[1])));
    expect(written.has(doc.getPage(1).ref.objectNumber)).toBe(true);
    expect(written.has(doc.getPage(0).ref.objectNumber)).toBe(false);
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(2);
  });

  it('refuses bytes that do not end a revision', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const saved = await doc.save({ useObjectStreams: false });
    const snapshot = snapshotRevision(doc);
    await expect(appendRevision(doc, saved.subarray(0, saved.length - 10), snapshot)).rejects.toThrow(/startxref/);
  });
});
