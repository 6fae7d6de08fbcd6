import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import CFB from 'cfb';
import { beforeAll, describe, expect, it } from 'vitest';
import { inspectOfficePackage } from '@/lib/server/file-type/inspect-office';
import { inspectOle2 } from '@/lib/server/file-type/inspect-ole2';
import { DEFAULT_ZIP_LIMITS } from '@/lib/server/file-type/zip-limits';
import {
  docxEntries,
  makeDocx,
  makeMacroXlsm,
  makeOdf,
  makeOle2,
  makeXlsx,
  xlsxEntries,
  zipBuffer,
} from '@/tests/fixtures/office-files';
import { makeZipBombDocx, withLyingSize } from '@/tests/fixtures/upload-corpus';

let dir: string;
let n = 0;
function file(bytes: Buffer): string {
  const target = path.join(dir, `f${n++}`);
  writeFileSync(target, bytes);
  return target;
}

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'signet-office-'));
});

describe('inspectOfficePackage', () => {
  it('accepts plain OOXML and OpenDocument files, and an .xlsm without macros', async () => {
    for (const bytes of [
      await makeDocx(),
      await makeXlsx(),
      await makeXlsx({ macroEnabled: true }),
      await makeOdf('odt'),
      await makeOdf('odp'),
    ]) {
      const result = await inspectOfficePackage(file(bytes));
      expect(result.entries).toBeGreaterThanOrEqual(3);
    }
  });

  it('refuses an .xlsm that carries a VBA project', async () => {
    await expect(inspectOfficePackage(file(await makeMacroXlsm()))).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('xl/vbaProject.bin'),
    });
  });

  it('refuses macros declared in [Content_Types].xml under an innocent part name', async () => {
    const entries = xlsxEntries();
    entries[0]!.data = String(entries[0]!.data).replace(
      '</Types>',
      '<Override PartName="/xl/data.bin" ContentType="application/vnd.ms-office.vbaProject"/></Types>',
    );
    const bytes = await zipBuffer([...entries, { name: 'xl/data.bin', data: makeOle2({ macros: true }) }]);
    await expect(inspectOfficePackage(file(bytes))).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('[Content_Types].xml declares vnd.ms-office.vba'),
    });
  });

  it('refuses OpenDocument Basic macros and ActiveX controls', async () => {
    const odfBasic = await zipBuffer([...docxEntries(), { name: 'Basic/Standard/Module1.xml', data: '<x/>' }]);
    await expect(inspectOfficePackage(file(odfBasic))).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
    const activeX = await zipBuffer([...docxEntries(), { name: 'word/activeX/activeX1.bin', data: 'x' }]);
    await expect(inspectOfficePackage(file(activeX))).rejects.toMatchObject({ code: 'UNSAFE_FILE' });
  });

  it('refuses a zip bomb by its compression ratio', async () => {
    await expect(inspectOfficePackage(file(await makeZipBombDocx()))).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('zip bomb'),
    });
  });

  it('refuses too many parts, too much in total, and nested archives', async () => {
    const bytes = await makeDocx();
    await expect(inspectOfficePackage(file(bytes), { ...DEFAULT_ZIP_LIMITS, maxEntries: 2 })).rejects.toMatchObject({
      detail: expect.stringContaining('3 parts'),
    });
    await expect(
      inspectOfficePackage(file(bytes), { ...DEFAULT_ZIP_LIMITS, maxTotalUncompressed: 100 }),
    ).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
    });
    const nested = await zipBuffer([...docxEntries(), { name: 'word/embeddings/inner.zip', data: await makeDocx() }]);
    await expect(inspectOfficePackage(file(nested))).rejects.toMatchObject({
      detail: expect.stringContaining('another archive'),
    });
  });

  it('catches a part that inflates beyond the size its header declares', async () => {
    const bytes = withLyingSize(
      await zipBuffer([...docxEntries(), { name: 'word/media/big.xml', data: Buffer.alloc(4 * 1024 * 1024) }]),
      'word/media/big.xml',
      1000,
    );
    await expect(inspectOfficePackage(file(bytes))).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
      detail: expect.stringContaining('beyond its declared size'),
    });
  });

  it('refuses damaged packages', async () => {
    const docx = await makeDocx();
    await expect(inspectOfficePackage(file(docx.subarray(0, docx.length - 30)))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
    await expect(inspectOfficePackage(file(Buffer.from('PK not really')))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
  });
});

describe('inspectOle2', () => {
  it('accepts a .doc without macros', () => {
    expect(() => inspectOle2(file(makeOle2()))).not.toThrow();
  });

  it('refuses a .doc with VBA storages', () => {
    expect(() => inspectOle2(file(makeOle2({ macros: true })))).toThrow(
      expect.objectContaining({ code: 'UNSAFE_FILE' }),
    );
  });

  it('refuses encrypted files: the Word flag, and OOXML wrapped in an encrypted container', () => {
    expect(() => inspectOle2(file(makeOle2({ encrypted: true })))).toThrow(
      expect.objectContaining({ code: 'ENCRYPTED_FILE' }),
    );
    const wrapped = CFB.utils.cfb_new();
    CFB.utils.cfb_add(wrapped, '/EncryptionInfo', Buffer.alloc(64));
    CFB.utils.cfb_add(wrapped, '/EncryptedPackage', Buffer.alloc(4096));
    const bytes = Buffer.from(CFB.write(wrapped, { type: 'buffer' }) as Uint8Array);
    expect(() => inspectOle2(bytes)).toThrow(expect.objectContaining({ code: 'ENCRYPTED_FILE' }));
  });

  it('refuses a damaged compound file', () => {
    expect(() => inspectOle2(Buffer.from('\xd0\xcf\x11\xe0 garbage', 'latin1'))).toThrow(
      expect.objectContaining({ code: 'CORRUPT_FILE' }),
    );
  });
});
