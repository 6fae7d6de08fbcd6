import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PDFDict, PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectPdf, parsePdf } from '@/lib/server/pdf/inspect-pdf';
import { findPdfScripts } from '@/lib/server/pdf/pdf-scripts';
import { makeDocx } from '@/tests/fixtures/office-files';
import { checkParsedStreamsInflate } from '@/lib/server/pdf/pdf-inflate-guard';
import {
  buildRawPdf,
  encryptPdf,
  makeCyclicPageTreePdf,
  makeInflateBombPdf,
  makeJavaScriptPdf,
  makeOverflowingStreamLengthPdf,
  makePdf,
  makeContentStreamBombPdf,
  makeSharedPageTreePdf,
  makeStartxrefPastEndPdf,
  makeWrappingObjectNumberPdf,
  makeXrefOffsetsPastEndPdf,
  zlibSpaces,
} from '@/tests/fixtures/pdf-files';
import { checkDecodedStreams } from '@/lib/server/pdf/pdf-inflate-guard';
import { findXrefDamage, readXrefChain } from '@/lib/server/pdf/pdf-xref-check';

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
      const streams = doc.context
        .enumerateIndirectObjects()
        .flatMap(([, object]) => (object instanceof PDFRawStream ? [object] : []));
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
    const garbage = Buffer.from(
      `%PDF-1.7\n1 0 obj\n<< /Type /Catalog /Pages 9 0 R >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    );
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

  it('stores a PDF whose header follows plain text only rewritten from its header on; binary data there is a polyglot', async () => {
    for (const prefix of ['\x1b%-12345X@PJL ENTER LANGUAGE=PDF\r\n', '# printer control data\n\n']) {
      const result = await inspectPdf(Buffer.concat([Buffer.from(prefix, 'latin1'), plain]), limits);
      expect(result.pageCount).toBe(3);
      expect(result.repaired?.reasons).toContain(`${prefix.length} bytes of text before the PDF header`);
      expect(Buffer.from(result.bytes).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    }
    await expect(
      inspectPdf(Buffer.concat([Buffer.from([0x4d, 0x5a, 0x90, 0x00, 0x0a]), plain]), limits),
    ).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('5 bytes of other data before its PDF header'),
    });
  });

  it('refuses polyglots: data before the header, HTML, an appended ZIP', async () => {
    const html = Buffer.concat([Buffer.from('<html><script>alert(1)</script>'), plain]);
    await expect(inspectPdf(html, limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    const htmlInside = Buffer.concat([
      plain.subarray(0, 9),
      Buffer.from('%<html><script>x</script>\n'),
      plain.subarray(9),
    ]);
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
      expect.arrayContaining([
        '/AA additional actions',
        '/JS script',
        '/JavaScript action',
        '/JavaScript name tree',
        '/OpenAction',
      ]),
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
    await expect(inspectPdf(makeContentStreamBombPdf(1024), limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringMatching(/decompression bomb/),
    });
    await expect(inspectPdf(makeContentStreamBombPdf(2048, 2), limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringMatching(/decompression bomb/),
    });
    // ASCIIHex around Flate: the guard decodes every stage (pdf-lib's own decoders for the non-Flate ones).
    const hex = Buffer.from(zlibSpaces(300).toString('hex') + '>');
    const pdf = buildRawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] /Contents 4 0 R >>',
      Buffer.concat([
        Buffer.from(`<< /Filter [/AHx /FlateDecode] /Length ${hex.length} >>\nstream\n`),
        hex,
        Buffer.from('\nendstream'),
      ]),
    ]);
    await expect(inspectPdf(pdf, limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    // Under the caps the same shapes pass.
    const doc = await parsePdf(makeContentStreamBombPdf(4, 2));
    await expect(checkDecodedStreams(doc)).resolves.toMatchObject({ damaged: [] });
    await expect(checkDecodedStreams(doc, { perStream: 1024 * 1024, total: 64 * 1024 * 1024 })).rejects.toThrow(
      /decompression bomb/,
    );
  });

  it('finds no damage in the cross-reference data of sound files, and names it in broken ones', async () => {
    for (const pdf of [
      plain,
      await makePdf(2, { useObjectStreams: false }),
      await makeJavaScriptPdf(),
      encryptPdf(plain),
    ])
      expect(findXrefDamage(pdf)).toEqual([]);
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
      await expect(inspectPdf(await makeStartxrefPastEndPdf(), limits)).rejects.toMatchObject({
        code: 'CORRUPT_FILE',
        detail: expect.stringMatching(/qpdf is not installed/),
      });
    } finally {
      process.env.PATH = savedPath;
    }
  });

  it('stores a PDF whose trailer misses its catalog only rewritten, the trailer naming the catalog pdf-lib read', async () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
      '<< /Title (Lease) >>',
    ];
    const misrooted = Buffer.from(
      buildRawPdf(objects).toString('latin1').replace('/Root 1 0 R', '/Root 4 0 R /Info 4 0 R'),
      'latin1',
    );
    expect(findXrefDamage(misrooted)).toEqual([]);
    const result = await inspectPdf(misrooted, limits);
    expect(result.pageCount).toBe(1);
    expect(result.repaired?.reasons).toEqual(["the trailer's /Root names 4 0 R, not the document catalog (1 0 R)"]);
    // The rewrite's own trailer (which qpdf, poppler and MuPDF follow) names the catalog, and keeps the document information.
    const root = readXrefChain(result.bytes).root!;
    const rewritten = await PDFDocument.load(result.bytes, { updateMetadata: false });
    const catalog = rewritten.context.lookup(PDFRef.of(root.objectNumber, root.generation));
    expect(catalog instanceof PDFDict && catalog.get(PDFName.of('Type'))).toBe(PDFName.of('Catalog'));
    expect(rewritten.getTitle()).toBe('Lease');
  });

  it('refuses object numbers and references beyond what readers count: they would read another object', async () => {
    await expect(inspectPdf(makeWrappingObjectNumberPdf(), limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringMatching(/numbers an object/),
    });
    const page = '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Annots [4 0 R 8388608 0 R] >>';
    for (const [third, fourth] of [
      [page, '<< >>'],
      ['<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Annots [4 65536 R] >>', '<< >>'],
    ]) {
      const pdf = buildRawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        third!,
        fourth!,
      ]);
      await expect(inspectPdf(pdf, limits)).rejects.toMatchObject({
        code: 'UNSAFE_FILE',
        detail: expect.stringMatching(/numbers an object/),
      });
    }
  });

  it('refuses a stream length no reader holds as it is; repairs one that merely runs past the end of the file', async () => {
    await expect(inspectPdf(makeOverflowingStreamLengthPdf(), limits)).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('impossible length of 100000000000000000000 bytes'),
    });
    const content = 'BT /F1 12 Tf 10 50 Td (Hi) Tj ET';
    const stream = (length: string) => `<< /Length ${length} >>\nstream\n${content}\nendstream`;
    const pdf = (length: string) =>
      buildRawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>',
        stream(length),
      ]);
    await expect(inspectPdf(pdf('-1'), limits)).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    const result = await inspectPdf(pdf('4294967306'), limits);
    expect(result.repaired?.reasons).toEqual(["object 4's stream length runs past the end of the file"]);
    // qpdf found the stream's end itself and wrote its true length.
    expect(Buffer.from(result.bytes).toString('latin1')).not.toContain('4294967306');
    expect(findXrefDamage(result.bytes)).toEqual([]);
  });

  it('refuses a damaged file whose repair would drop a number qpdf cannot hold, rather than store it without that object', async () => {
    // pdf-lib cannot read it strictly (object 6), so qpdf rewrites it: and would drop object 4, whose /Length overflows.
    const broken = Buffer.from(
      makeOverflowingStreamLengthPdf().toString('latin1').replace('xref', '6 0 obj\n)\nendobj\nxref'),
      'latin1',
    );
    await expect(inspectPdf(broken, limits)).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringMatching(/could not be repaired.*cannot hold/),
    });
  });

  it("refuses a file whose page tree was wiped (as py-pdf's unreadable-metadata sample): no reader finds its pages", async () => {
    const objects = [
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
    ];
    const pdf = buildRawPdf(objects);
    const at = pdf.indexOf('2 0 obj');
    pdf.fill(0, at, pdf.indexOf('endobj', at) + 'endobj'.length);
    await expect(inspectPdf(pdf, limits)).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringMatching(/page tree/),
    });
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
