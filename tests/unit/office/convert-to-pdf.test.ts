import { execFileSync } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/server/logger';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { makeDocx, makeOdf, makeRtf, makeXlsx } from '@/tests/fixtures/office-files';
import { makePdf } from '@/tests/fixtures/pdf-files';

// LibreOffice starts a fresh profile for every run: seconds each on a busy machine.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 180_000 });

let dir: string;
let tempRoot: string;
let converter: OfficeConverter;

function write(name: string, bytes: Buffer): string {
  const file = path.join(dir, name);
  writeFileSync(file, bytes);
  return file;
}

function textOf(pdf: Uint8Array): string {
  const file = path.join(dir, `out-${Date.now()}.pdf`);
  writeFileSync(file, pdf);
  return execFileSync('pdftotext', [file, '-']).toString();
}

/** Has soffice itself turn a generated file into another format (how we get a real .pptx and .doc). */
function sofficeConvert(file: string, format: string): string {
  const profile = mkdtempSync(path.join(tmpdir(), 'signet-test-profile-'));
  execFileSync(
    'soffice',
    ['--headless', `-env:UserInstallation=file://${profile}`, '--convert-to', format, '--outdir', dir, file],
    {
      stdio: 'ignore',
      timeout: 120_000,
    },
  );
  return path.join(dir, `${path.basename(file, path.extname(file))}.${format}`);
}

beforeAll(() => {
  vi.stubEnv('LOG_LEVEL', 'error');
  dir = mkdtempSync(path.join(tmpdir(), 'signet-convert-'));
  tempRoot = mkdtempSync(path.join(tmpdir(), 'signet-convert-work-'));
  chmodSync(tempRoot, 0o700); // bubblewrap binds the work folder's parts: nobody needs no way through its parents
  converter = new OfficeConverter({ timeoutMs: 120_000, concurrency: 1, maxPages: 500, tempRoot });
});

afterAll(() => {
  vi.unstubAllEnvs();
});

describe('OfficeConverter', () => {
  it('refuses with 503 and runs nothing when the sandbox cannot be set up (no fallback)', async () => {
    const marker = path.join(dir, 'ran-unsandboxed');
    const errors = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    const broken = new OfficeConverter({
      timeoutMs: 10_000,
      concurrency: 1,
      maxPages: 500,
      tempRoot,
      bwrap: '/bin/false',
      soffice: ['sh', '-c', `touch ${marker}`, 'sh'],
    });
    await expect(broken.convert(write('refused.docx', await makeDocx()), 'docx')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      detail: expect.stringContaining('Office conversion is unavailable on this server'),
    });
    expect(existsSync(marker)).toBe(false);
    const logged = errors.mock.calls.map((call) => String(call[0])).join('\n');
    expect(logged).toContain('office conversion refused');
    expect(logged).toContain('install bubblewrap');
    errors.mockRestore();
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('never reads a file a hostile converter links in place of its output', async () => {
    // The linked file is a valid PDF the converter cannot see: following the link would store it as the user's document.
    const secret = write('secret.pdf', await makePdf());
    const planter = new OfficeConverter({
      timeoutMs: 30_000,
      concurrency: 1,
      maxPages: 500,
      tempRoot,
      soffice: ['sh', '-c', `ln -s ${secret} /sandbox/out/document.pdf`, 'sh'],
    });
    await expect(planter.convert(write('planted.docx', await makeDocx()), 'docx')).rejects.toMatchObject({
      code: 'CONVERSION_FAILED',
    });
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('converts .docx, .xlsx and .odt into checked PDFs and leaves no work folder', async () => {
    const cases = [
      ['a.docx', await makeDocx('Hello from Signet docx'), 'docx', 'Hello from Signet docx'],
      ['b.xlsx', await makeXlsx({ text: 'Q3 sum' }), 'xlsx', 'Q3 sum'],
      ['c.odt', await makeOdf('odt', 'Hello from Signet odt'), 'odt', 'Hello from Signet odt'],
    ] as const;
    for (const [name, bytes, extension, text] of cases) {
      const result = await converter.convert(write(name, bytes), extension);
      expect(result.pageCount).toBeGreaterThanOrEqual(1);
      expect(Buffer.from(result.bytes.subarray(0, 5)).toString()).toBe('%PDF-');
      expect(textOf(result.bytes)).toContain(text);
    }
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('converts a .pptx and a .doc that LibreOffice made from generated files', async () => {
    const pptx = sofficeConvert(write('slides.odp', await makeOdf('odp', 'Slide from Signet')), 'pptx');
    const pptxResult = await converter.convert(pptx, 'pptx');
    expect(textOf(pptxResult.bytes)).toContain('Slide from Signet');
    const doc = sofficeConvert(write('letter.rtf', makeRtf('Letter from Signet')), 'doc');
    expect(readFileSync(doc).subarray(0, 4).toString('hex')).toBe('d0cf11e0');
    const docResult = await converter.convert(doc, 'doc');
    expect(textOf(docResult.bytes)).toContain('Letter from Signet');
    expect(readdirSync(tempRoot)).toEqual([]);
  });

  it('kills a conversion that exceeds the timeout, refuses it, and leaves nothing running', async () => {
    const hasty = new OfficeConverter({ timeoutMs: 300, concurrency: 1, maxPages: 500, tempRoot });
    const started = Date.now();
    await expect(hasty.convert(write('slow.docx', await makeDocx()), 'docx')).rejects.toMatchObject({
      code: 'CONVERSION_FAILED',
      detail: expect.stringContaining('took longer than'),
    });
    expect(Date.now() - started).toBeLessThan(10_000);
    expect(readdirSync(tempRoot)).toEqual([]);
    const processes = execFileSync('ps', ['-eo', 'args']).toString();
    expect(processes).not.toContain(tempRoot);
  });

  it('refuses a file LibreOffice cannot read', async () => {
    const junk = write('junk.docx', Buffer.from('PK\u0003\u0004 this is not a document'));
    await expect(converter.convert(junk, 'docx')).rejects.toMatchObject({ code: 'CONVERSION_FAILED' });
    expect(readdirSync(tempRoot)).toEqual([]);
  });
});
