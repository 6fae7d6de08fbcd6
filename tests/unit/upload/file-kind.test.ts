import { PDFDocument } from 'pdf-lib';
import { beforeAll, describe, expect, it } from 'vitest';
import { checkMagicBytes, sniffFileType } from '@/lib/server/file-type/check-magic-bytes';
import { claimedFileKind, convertedDocumentName, fileExtension, refusedExtensionMessage } from '@/lib/upload/file-kind';
import { makeDocx, makeMacroXlsm, makeOdf, makeOle2, makeRtf, makeXlsx } from '@/tests/fixtures/office-files';

describe('fileExtension', () => {
  it.each([
    ['contract.pdf', 'pdf'],
    ['Contract.PDF', 'pdf'],
    ['archive.tar.gz', 'gz'],
    ['README', ''],
    ['.hidden', 'hidden'],
    ['trailing.', ''],
    ['dots.in.name.DocX', 'docx'],
  ])('%j → %j', (name, extension) => {
    expect(fileExtension(name)).toBe(extension);
  });
});

describe('claimedFileKind', () => {
  it.each(['pdf', 'doc', 'docx', 'xlsx', 'xlsm', 'pptx', 'odt', 'ods', 'odp', 'rtf'])('accepts .%s', (ext) => {
    expect(claimedFileKind(`file.${ext.toUpperCase()}`).extension).toBe(ext);
  });

  it.each(['virus.exe', 'page.html', 'README', 'slides.ppt', 'x.pdf.exe'])('refuses %j with a reason', (name) => {
    expect(() => claimedFileKind(name)).toThrow(expect.objectContaining({ code: 'UNSUPPORTED_MEDIA_TYPE' }));
  });

  it('says what was refused and what is accepted', () => {
    expect(() => claimedFileKind('README')).toThrow(/no extension.*\.pdf, \.doc, \.docx/);
  });

  it('names each accepted extension once in the refusal of a .txt', () => {
    expect(() => claimedFileKind('notes.txt')).toThrow(/\.txt/);
    const listed = refusedExtensionMessage('txt').match(/\.[a-z]+/g) ?? [];
    expect(refusedExtensionMessage('txt').match(/pdf/gi)).toEqual(['pdf']);
    expect(new Set(listed).size).toBe(listed.length);
  });
});

describe('convertedDocumentName', () => {
  it.each([
    ['Offer.docx', 'Offer'],
    ['Report v1.2.DOCX', 'Report v1.2'],
    ['sheet.tar.xlsx', 'sheet.tar'],
    ['Contract.pdf', 'Contract.pdf'],
    ['.docx', '.docx'],
  ])('%j → %j', (name, expected) => {
    expect(convertedDocumentName(name, claimedFileKind(name))).toBe(expected);
  });
});

describe('checkMagicBytes', () => {
  const samples: Record<string, Buffer> = {};

  beforeAll(async () => {
    const pdf = await PDFDocument.create();
    pdf.addPage();
    samples.pdf = Buffer.from(await pdf.save());
    samples.docx = await makeDocx();
    samples.xlsx = await makeXlsx();
    samples.xlsm = await makeMacroXlsm();
    samples.odt = await makeOdf('odt');
    samples.ods = await makeOdf('ods');
    samples.odp = await makeOdf('odp');
    samples.doc = makeOle2();
    samples.rtf = makeRtf();
  });

  it('sniffs each container', async () => {
    expect(await sniffFileType(samples.pdf!)).toBe('pdf');
    expect(await sniffFileType(samples.docx!)).toBe('docx');
    expect(await sniffFileType(samples.xlsx!)).toBe('xlsx');
    expect(await sniffFileType(samples.xlsm!)).toBe('xlsm');
    expect(await sniffFileType(samples.odt!)).toBe('odt');
    expect(await sniffFileType(samples.doc!)).toBe('cfb');
    expect(await sniffFileType(samples.rtf!)).toBe('rtf');
  });

  it.each(['pdf', 'docx', 'xlsx', 'xlsm', 'odt', 'ods', 'odp', 'doc', 'rtf'])('a real .%s passes', async (ext) => {
    await expect(checkMagicBytes(claimedFileKind(`f.${ext}`), samples[ext]!)).resolves.toBeUndefined();
  });

  it.each([
    ['pdf', 'docx'],
    ['docx', 'pdf'],
    ['docx', 'xlsx'],
    ['xlsx', 'odt'],
    ['odt', 'ods'],
    ['doc', 'rtf'],
    ['rtf', 'doc'],
    ['pptx', 'docx'],
  ])('a .%s holding a %s is refused', async (claimed, actual) => {
    await expect(checkMagicBytes(claimedFileKind(`f.${claimed}`), samples[actual]!)).rejects.toMatchObject({
      code: 'FILE_TYPE_MISMATCH',
      detail: expect.stringContaining(`named .${claimed}`),
    });
  });

  it('refuses text posing as a PDF, and data in front of a PDF header', async () => {
    const kind = claimedFileKind('f.pdf');
    await expect(checkMagicBytes(kind, Buffer.from('just some text, not a pdf'))).rejects.toMatchObject({
      code: 'FILE_TYPE_MISMATCH',
      detail: expect.stringContaining('unknown type'),
    });
    const prefixed = Buffer.concat([Buffer.from('<html><body>hi</body></html>\n'), samples.pdf!]);
    await expect(checkMagicBytes(kind, prefixed)).rejects.toMatchObject({ code: 'FILE_TYPE_MISMATCH' });
  });

  it('takes a PDF whose header follows plain text within its first 1,024 bytes, as readers do; not after binary data or further in', async () => {
    const kind = claimedFileKind('f.pdf');
    // Printer job commands, comment lines (the PDF Association's PDF 2.0 example), a saved HTTP response header.
    for (const prefix of [
      '\x1b%-12345X@PJL ENTER LANGUAGE=PDF\r\n',
      '# printer control data\n#\n\n',
      'HTTP/1.1 200 OK\r\nContent-Type: application/pdf\r\n\r\n',
    ]) {
      await expect(
        checkMagicBytes(kind, Buffer.concat([Buffer.from(prefix, 'latin1'), samples.pdf!])),
        JSON.stringify(prefix),
      ).resolves.toBeUndefined();
    }
    for (const prefix of [Buffer.from([0x00, 0x01, 0x02, 0x80, 0x0a]), Buffer.alloc(1024, 0x20)]) {
      await expect(checkMagicBytes(kind, Buffer.concat([prefix, samples.pdf!]))).rejects.toMatchObject({
        code: 'FILE_TYPE_MISMATCH',
      });
    }
  });
});
