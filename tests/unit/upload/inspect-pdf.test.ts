import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDocument, PDFRawStream } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, parsePdf } from '@/lib/pdf/inspect-pdf';
import { findPdfScripts } from '@/lib/pdf/pdf-scripts';
import { makeDocx } from '@/tests/fixtures/office-files';
import { checkParsedStreamsInflate } from '@/lib/pdf/pdf-inflate-guard';
import {
  buildRawPdf,
  encryptPdf,
  makeCyclicPageTreePdf,
  makeInflateBombPdf,
  makeJavaScriptPdf,
  makePdf,
  makeContentStreamBombPdf,
  makeSharedPageTreePdf,
  makeStartxrefPastEndPdf,
  makeXrefOffsetsPastEndPdf,
  zlibSpaces,
} from '@/tests/fixtures/pdf-files';
import { checkDecodedStreams } from '@/lib/pdf/pdf-inflate-guard';
import { findXrefDamage } from '@/lib/pdf/pdf-xref-check';

const limits = { maxPages: 500 };
let plain: Buffer;

beforeAll(async () => {
  plain = await makePdf(3);
});

describe('inspectPdf', () => {
  it('parses without copying stream contents out of the file, from a Buffer or a plain Uint8Array', async () => {
    // The worker receives plain Uint8Arrays, whose slice() copies: pdf-lib must get a Buffer view instead.
    for (const input of [Buffer.from(plain), new Uint8Array(plain)]) {
      const doc = await parsePdf(input);
      const streams = doc.context.enumerateIndirectObjects().flatMap(([, object]) => (object instanceof PDFRawStream ? [object] : []));
      expect(streams.length).toBeGreaterThan(0);
      for (const stream of streams) expect(stream.contents.buffer).toBe(input.buffer);
    }
  });

  it('accepts a plain PDF unchanged and counts its pages', async () => {
    const result = await inspectPdf(plain, limits);
    expect(result.pageCount).toBe(3);
    expect(result.strippedScripts).toEqual([]);
    expect(result.bytes).toBe(plain);
  });

  it('refuses a zero-byte file', async () => {
    await expect(inspectPdf(Buffer.alloc(0), limits)).rejects.toMatchObject({ code: 'EMPTY_FILE' });
  });

  it('refuses a truncated PDF', async () => {
    await expect(inspectPdf(plain.subarray(0, Math.floor(plain.length / 2)), limits)).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringContaining('truncated'),
    });
  });

  it('refuses bytes without a PDF header', async () => {
    await expect(inspectPdf(Buffer.from('hello world %%EOF'), limits)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('refuses a PDF whose objects are garbage', async () => {
    const garbage = Buffer.from(`%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`);
    await expect(inspectPdf(garbage, limits)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('refuses an encrypted PDF, even with an empty user password', async () => {
    await expect(inspectPdf(encryptPdf(plain), limits)).rejects.toMatchObject({ code: 'ENCRYPTED_FILE' });
    await expect(inspectPdf(encryptPdf(plain, ''), limits)).rejects.toMatchObject({ code: 'ENCRYPTED_FILE' });
  });

  it('refuses more pages than the limit', async () => {
    await expect(inspectPdf(plain, { maxPages: 2 })).rejects.toMatchObject({
      code: 'TOO_MANY_PAGES',
      detail: 'The PDF has more than 2 pages; at most 2 are allowed.',
    });
  });

  it('refuses polyglots: data before the header, HTML, an appended ZIP', async () => {
    const html = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), plain]);
    await expect(inspectPdf(html, limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    const htmlInside = Buffer.concat([plain.subarray(0, 9), Buffer.from('%<html><script>x</script>\n'), plain.subarray(9)]);
    await expect(inspectPdf(htmlInside, limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    const zip = Buffer.concat([plain, await makeDocx()]);
    await expect(inspectPdf(zip, limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('ZIP'),
    });
  });

  it('strips JavaScript from every hiding place and proves it is gone', async () => {
    const hostile = await makeJavaScriptPdf();
    const before = await PDFDocument.load(hostile);
    expect(findPdfScripts(before)).toEqual(
      expect.arrayContaining(['/AA additional actions', '/JS script', '/JavaScript action', '/JavaScript name tree', '/OpenAction']),
    );
    const result = await inspectPdf(hostile, limits);
    expect(result.pageCount).toBe(1);
    expect(result.strippedScripts.length).toBeGreaterThan(0);
    const after = await PDFDocument.load(result.bytes);
    expect(findPdfScripts(after)).toEqual([]);
    // Saved without object streams, so the raw bytes tell the truth too.
    const raw = Buffer.from(result.bytes).toString('latin1');
    for (const token of ['/JS', '/JavaScript', '/#4aS', '/AA', '/OpenAction', 'app.alert']) {
      expect(raw).not.toContain(token);
    }
    // And an independent tool still finds a sound file.
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-js-')), 'stripped.pdf');
    writeFileSync(file, result.bytes);
    expect(execFileSync('qpdf', ['--check', file]).toString()).toContain('No syntax or stream encoding errors');
  });

  it('refuses an object stream that inflates past the cap before pdf-lib inflates it', async () => {
    const bomb = await makeInflateBombPdf(120 * 1024 * 1024);
    expect(bomb.length).toBeLessThan(1024 * 1024);
    await expect(inspectPdf(bomb, limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('decompression bomb'),
    });
  });

  it('inflates the real object streams of ordinary PDFs, within the cap', async () => {
    const withStreams = await makePdf(50, { useObjectStreams: true });
    expect(() => checkParsedStreamsInflate(withStreams)).not.toThrow();
    // A tiny cap proves the guard really inflates those streams.
    expect(() => checkParsedStreamsInflate(withStreams, 100)).toThrow(expect.objectContaining({ code: 'UNSAFE_FILE' }));
  });

  it('refuses content streams that decode past the cap, through one filter or nested ones, naming the bomb', async () => {
    await expect(inspectPdf(makeContentStreamBombPdf(1024), limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE', detail: expect.stringMatching(/decompression bomb/) });
    await expect(inspectPdf(makeContentStreamBombPdf(2048, 2), limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE', detail: expect.stringMatching(/decompression bomb/) });
    // ASCIIHex around Flate: the guard decodes every stage (pdf-lib's own decoders for the non-Flate ones).
    const hex = Buffer.from(zlibSpaces(300).toString('hex') + '>');
    const pdf = buildRawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
      Buffer.concat([Buffer.from(`<< /Filter [/AHx /FlateDecode] /Length ${hex.length} >>\nstream\n`), hex, Buffer.from('\nendstream')]),
    ]);
    await expect(inspectPdf(pdf, limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    // Under the caps the same shapes pass.
    const doc = await parsePdf(makeContentStreamBombPdf(4, 2));
    expect(() => checkDecodedStreams(doc)).not.toThrow();
    expect(() => checkDecodedStreams(doc, { perStream: 1024 * 1024, total: 64 * 1024 * 1024 })).toThrow(/decompression bomb/);
  });

  it('finds no damage in the cross-reference data of sound files, and names it in broken ones', async () => {
    for (const pdf of [plain, await makePdf(2, { useObjectStreams: false }), await makeJavaScriptPdf(), encryptPdf(plain)]) expect(findXrefDamage(pdf)).toEqual([]);
    expect(findXrefDamage(await makeStartxrefPastEndPdf())).toEqual([expect.stringMatching(/past the end/)]);
    expect(findXrefDamage(await makeXrefOffsetsPastEndPdf())[0]).toMatch(/past the end/);
  });

  it('repairs a PDF whose cross-reference table is broken, and says what was wrong', async () => {
    const damaged = await makeXrefOffsetsPastEndPdf();
    const result = await inspectPdf(damaged, limits);
    expect(result.pageCount).toBe(2);
    expect(result.repaired?.reasons.length).toBeGreaterThan(0);
    expect(result.bytes).toBe(result.repaired?.bytes);
    expect(findXrefDamage(result.bytes)).toEqual([]);
  });

  it('refuses a damaged PDF clearly when qpdf, which repairs it, is not installed', async () => {
    const savedPath = process.env.PATH;
    process.env.PATH = '/nonexistent';
    try {
      await expect(inspectPdf(await makeStartxrefPastEndPdf(), limits)).rejects.toMatchObject({ code: 'CORRUPT_FILE', detail: expect.stringMatching(/qpdf is not installed/) });
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('refuses page trees with shared or cyclic nodes without walking them', async () => {
    const started = Date.now();
    await expect(inspectPdf(makeSharedPageTreePdf(40), limits)).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringContaining('appears twice'),
    });
    expect(Date.now() - started).toBeLessThan(5000);
    await expect(inspectPdf(makeCyclicPageTreePdf(), limits)).rejects.toMatchObject({ code: 'CORRUPT_FILE' });
  });

  it('reads a hand-written PDF with a proper page tree', async () => {
    const sound = buildRawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
    ]);
    await expect(inspectPdf(sound, limits)).resolves.toMatchObject({ pageCount: 2 });
  });
});
