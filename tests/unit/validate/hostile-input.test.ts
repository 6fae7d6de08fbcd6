import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { anchors, contentsRange, plainPdf, signWithSignpdf } from './helpers';

let pki: TTestPki;
let signed: Uint8Array;

beforeAll(async () => {
  pki = makeTestPki('Hostile Root');
  signed = await signWithSignpdf(await plainPdf(1), pki);
});

const replaceAt = (bytes: Uint8Array, at: number, text: string) => {
  const copy = bytes.slice();
  copy.set(Buffer.from(text, 'latin1'), at);
  return copy;
};
const byteRangeAt = (bytes: Uint8Array) => Buffer.from(bytes).toString('latin1').indexOf('/ByteRange');

describe('malformed signatures are invalid, never a crash or a hang', () => {
  it('a ByteRange past the end of the file, not starting at 0, or not numbers', async () => {
    const at = byteRangeAt(signed);
    const original = Buffer.from(signed)
      .toString('latin1')
      .slice(at, at + 60);
    const bracket = original.indexOf(']');
    for (const range of ['[0 1 999999999999 5', '[7 100 200 300', '[0 a b c']) {
      const text = `/ByteRange ${range}`.padEnd(bracket, ' ');
      const report = await validatePdf(replaceAt(signed, at, text), { anchors: anchors({ instance: [pki.caPem] }) });
      expect(report.verdict, range).toBe('invalid');
    }
  });

  it('bytes hidden in the Contents padding after the signature', async () => {
    const { end } = contentsRange(signed);
    const report = await validatePdf(replaceAt(signed, end - 9, 'deadbeef'), {
      anchors: anchors({ instance: [pki.caPem] }),
    });
    expect(report.verdict).toBe('invalid');
    expect(report.signatures[0]?.problems.join(' ')).toMatch(/after the signature/);
  });

  it('a Contents that is not hexadecimal, and one that is truncated DER', async () => {
    const { start } = contentsRange(signed);
    for (const text of ['<zz', '<3082ffff']) {
      expect((await validatePdf(replaceAt(signed, start, text), { anchors: anchors() })).verdict, text).toBe('invalid');
    }
  });

  it('garbage, truncated files and a flood of ByteRange keys answer quickly', async () => {
    const started = Date.now();
    expect((await validatePdf(new Uint8Array(0), { anchors: anchors() })).verdict).toBe('unsigned');
    expect(
      (
        await validatePdf(Buffer.from('%PDF-1.7\n1 0 obj << /ByteRange [0 5 6 7] /Contents <30> >> endobj'), {
          anchors: anchors(),
        })
      ).verdict,
    ).toBe('invalid');
    expect((await validatePdf(signed.subarray(0, Math.floor(signed.length / 2)), { anchors: anchors() })).verdict).toBe(
      'invalid',
    );
    const flood = Buffer.from(`%PDF-1.7\n${'1 0 obj << /ByteRange [0 1 2 3] >> endobj\n'.repeat(5000)}`);
    const report = await validatePdf(flood, { anchors: anchors() });
    expect(report.verdict).toBe('invalid');
    expect(report.signatures.length).toBeLessThanOrEqual(64);
    expect(Date.now() - started).toBeLessThan(5000);
  });
});
