import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { PDFDocument, PDFName, PDFRawStream, StandardFonts } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { appendRevision, snapshotRevision } from '@/lib/server/pdf/sealable/append-revision';
import { attachmentNames, pdfFile, pdfText, qpdfCheck } from '../../fixtures/pdf-judges';

const pages = (file: string) => Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file]).toString())![1]);

describe('appendRevision', () => {
  it('appends pages and attachments as an incremental update, the earlier revision kept byte for byte', async () => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([300, 300]).drawText('first revision', { x: 20, y: 200, font });
    // An attachment already in the first revision: the update must extend its name tree, not replace it.
    await doc.attach(new TextEncoder().encode('earlier'), 'earlier.txt', {
      creationDate: new Date(0),
      modificationDate: new Date(0),
    });
    const first = await doc.save({ useObjectStreams: false });
    const snapshot = snapshotRevision(doc, first);

    doc.addPage([300, 300]).drawText('second revision', { x: 20, y: 200, font });
    await doc.attach(new TextEncoder().encode('later'), 'later.txt', {
      creationDate: new Date(0),
      modificationDate: new Date(0),
    });
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

  it('extends a file that uses cross-reference streams with a cross-reference stream, only the pages drawn on written again', async () => {
    const source = await PDFDocument.create();
    const font = await source.embedFont(StandardFonts.Helvetica);
    for (const text of ['page one', 'page two']) source.addPage([300, 300]).drawText(text, { x: 20, y: 200, font });
    const first = await source.save(); // pdf-lib's default: object streams and a cross-reference stream
    expect(Buffer.from(first).toString('latin1')).toContain('/Type /XRef');

    const doc = await PDFDocument.load(first);
    const snapshot = snapshotRevision(doc, first);
    doc.getPage(1).drawText('drawn later', { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await appendRevision(doc, first, snapshot);

    expect(Buffer.from(bytes.subarray(0, first.length)).equals(Buffer.from(first))).toBe(true);
    const update = Buffer.from(bytes.subarray(first.length)).toString('latin1');
    expect(update).toMatch(/\/Type \/XRef/);
    expect(update).toMatch(/\/Prev \d+/);
    expect(update).not.toMatch(/^xref$/m);
    const written = new Set([...update.matchAll(/(\d+) 0 obj/g)].map((match) => Number(match[1])));
    expect(written.has(doc.getPage(1).ref.objectNumber)).toBe(true);
    expect(written.has(doc.getPage(0).ref.objectNumber)).toBe(false);
    const file = pdfFile(bytes);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    expect(pdfText(file)).toMatch(/page one[\s\S]*page two[\s\S]*drawn later/);
  });

  it('numbers new objects past the /Size the file declares, not only past the objects pdf-lib read', async () => {
    const source = await PDFDocument.create();
    source.addPage([300, 300]);
    const saved = Buffer.from(await source.save({ useObjectStreams: false })).toString('latin1');
    const size = Number(/\/Size (\d+)/.exec(saved)![1]);
    // Free entries above the last object: the trailer says so, no object says so.
    const first = new Uint8Array(Buffer.from(saved.replace(`/Size ${size}`, `/Size ${size + 40}`), 'latin1'));

    const doc = await PDFDocument.load(first);
    const snapshot = snapshotRevision(doc, first);
    doc.getPage(0).drawText('later', { x: 20, y: 200, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await appendRevision(doc, first, snapshot);
    const update = Buffer.from(bytes.subarray(first.length)).toString('latin1');
    const added = [...update.matchAll(/(\d+) 0 obj/g)]
      .map((match) => Number(match[1]))
      .filter((number) => number !== doc.getPage(0).ref.objectNumber);
    expect(added.length).toBeGreaterThan(0);
    for (const number of added) expect(number).toBeGreaterThanOrEqual(size + 40);
    expect(Number(/\/Size (\d+)/.exec(update)![1])).toBe(Math.max(...added) + 1);
    expect(qpdfCheck(pdfFile(bytes))).toContain('No syntax or stream encoding errors');
  });

  it('writes nothing for an object an earlier update redefined under a new generation (the old one stays dead)', async () => {
    const source = await PDFDocument.create();
    source.setTitle('Old Title');
    source.addPage([300, 300]);
    const base = Buffer.from(await source.save({ useObjectStreams: false })).toString('latin1');
    const [info, root, size, prev] = [/\/Info (\d+) 0 R/, /\/Root (\d+) 0 R/, /\/Size (\d+)/, /startxref\s+(\d+)/].map(
      (pattern) => pattern.exec(base)![1]!,
    );
    // An update as another producer writes it: the info dictionary again, as generation 1.
    const object = `${info} 1 obj\n<< /Title (New Title) >>\nendobj\n`;
    const xref = base.length + 1 + object.length;
    const update = `\n${object}xref\n0 1\n0000000000 65535 f \n${info} 1\n${String(base.length + 1).padStart(10, '0')} 00001 n \ntrailer\n<< /Size ${size} /Root ${root} 0 R /Info ${info} 1 R /Prev ${prev} >>\nstartxref\n${xref}\n%%EOF\n`;
    const first = new Uint8Array(Buffer.from(base + update, 'latin1'));

    const doc = await PDFDocument.load(first, { updateMetadata: false });
    const snapshot = snapshotRevision(doc, first);
    doc.getPage(0).drawText('drawn', { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await appendRevision(doc, first, snapshot);
    const written = [
      ...Buffer.from(bytes.subarray(first.length))
        .toString('latin1')
        .matchAll(/^(\d+) (\d+) obj/gm),
    ].map((match) => `${match[1]} ${match[2]}`);
    expect(written).not.toContain(`${info} 0`);
    const file = pdfFile(bytes);
    expect(execFileSync('pdfinfo', [file]).toString()).toMatch(/Title:\s+New Title/);
    expect(pdfText(file)).toContain('drawn');
  });

  it('keeps the info, catalog and /ID of a linearized file whose last-parsed section lacks them (Annex F)', async () => {
    const source = await PDFDocument.create();
    source.setTitle('Lease of the flat');
    source.setAuthor('Ana Conceição');
    const font = await source.embedFont(StandardFonts.Helvetica);
    for (const text of ['one', 'two']) source.addPage([300, 300]).drawText(text, { x: 20, y: 200, font });
    const plain = pdfFile(await source.save(), 'plain.pdf');
    const linearized = `${plain}.linearized.pdf`;
    execFileSync('qpdf', ['--linearize', '--object-streams=generate', plain, linearized]);
    const first = new Uint8Array(readFileSync(linearized));
    const before = execFileSync('pdfinfo', [linearized]).toString();
    expect(before).toMatch(/Optimized:\s+yes/);

    const doc = await PDFDocument.load(first, { updateMetadata: false });
    const snapshot = snapshotRevision(doc, first);
    doc.getPage(1).drawText('drawn', { x: 20, y: 100, font: await doc.embedFont(StandardFonts.Helvetica) });
    const bytes = await appendRevision(doc, first, snapshot);
    const file = pdfFile(bytes);
    const info = execFileSync('pdfinfo', [file]).toString();
    expect(info).toMatch(/Title:\s+Lease of the flat/);
    expect(info).toMatch(/Author:\s+Ana Conceição/);
    expect(qpdfCheck(file)).toContain('No syntax or stream encoding errors');
    const ids = (text: string) => /\/ID\s*\[\s*<([0-9A-Fa-f]+)>/.exec(text)?.[1];
    expect(ids(Buffer.from(bytes.subarray(first.length)).toString('latin1'))).toBe(
      ids(Buffer.from(first).toString('latin1')),
    );
  });

  it('writes a stream that existed again when its dictionary changed, not only new and non-stream objects', async () => {
    const source = await PDFDocument.create();
    source
      .addPage([300, 300])
      .drawText('content', { x: 20, y: 200, font: await source.embedFont(StandardFonts.Helvetica) });
    const first = await source.save({ useObjectStreams: false });
    const doc = await PDFDocument.load(first);
    const snapshot = snapshotRevision(doc, first);
    const [ref, stream] = doc.context.enumerateIndirectObjects().find(([, object]) => object instanceof PDFRawStream)!;
    (stream as PDFRawStream).dict.set(PDFName.of('SignetMark'), PDFName.of('Changed'));
    const bytes = await appendRevision(doc, first, snapshot);
    const update = Buffer.from(bytes.subarray(first.length)).toString('latin1');
    expect(update).toContain(`${ref.objectNumber} 0 obj`);
    expect(update).toContain('/SignetMark /Changed');
    expect(qpdfCheck(pdfFile(bytes))).toContain('No syntax or stream encoding errors');
  });

  it('refuses bytes that do not end a revision: cut short, or junk after %%EOF', async () => {
    const doc = await PDFDocument.create();
    doc.addPage();
    const saved = await doc.save({ useObjectStreams: false });
    expect(() => snapshotRevision(doc, saved.subarray(0, saved.length - 10))).toThrow(/startxref/);
    expect(() => snapshotRevision(doc, new Uint8Array([...saved, ...Buffer.from('\nscanner junk\n')]))).toThrow(
      /startxref/,
    );
    const elsewhere = Buffer.from(saved)
      .toString('latin1')
      .replace(/startxref\s+\d+/, 'startxref\n9');
    expect(() => snapshotRevision(doc, new Uint8Array(Buffer.from(elsewhere, 'latin1')))).toThrow(
      /cross-reference section/,
    );
  });
});
