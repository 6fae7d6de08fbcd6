// B-B seals judged by independent tools: pdfsig, openssl cms, qpdf.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { P12Signer, type Signer } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealPdf } from '@/lib/server/pdf/seal/seal-pdf';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { sealTestPki, signaturesOf, signedAttributeTypes, writePdf } from './seal-helpers';
import { cmsVerify, judge } from '@/tests/fixtures/pdf-judges';

const realWorld = (name: string) =>
  new Uint8Array(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/real-world', name)));

let pki: TTestPki;
/** An unrelated root, which must not vouch for the seal. */
let other: TTestPki;
let signer: Signer;

beforeAll(async () => {
  pki = sealTestPki();
  other = makeTestPki('Other Root');
  signer = await P12Signer.create(pki.p12, pki.password);
});

const inputs: [string, () => Promise<Uint8Array>][] = [
  ['a classic xref table (pdf.js corpus)', async () => realWorld('pdfjs-rotation.pdf')],
  ['object streams and a linearized xref stream (qpdf corpus)', async () => realWorld('qpdf-c-linearized.pdf')],
  ['object streams written by pdf-lib', async () => new Uint8Array(await makePdf(3, { useObjectStreams: true }))],
];

describe('sealPdf without a time-stamp authority (B-B)', () => {
  it.each(inputs)('seals %s so that pdfsig, openssl cms and qpdf accept it', async (_name, load) => {
    const original = await load();
    const sealed = await sealPdf(original, { signer, reason: 'Sealed by Signet', location: 'signet.test' });
    expect(sealed.level).toBe('B-B');
    expect(sealed.timestampAt).toBeNull();
    // Incremental: the original bytes are untouched at the start.
    expect(Buffer.from(sealed.bytes.subarray(0, original.length)).equals(Buffer.from(original))).toBe(true);

    const file = await writePdf(pki.dir, 'sealed.pdf', sealed.bytes);
    const pdfsig = await judge('pdfsig', [file]);
    expect(pdfsig.output).toContain('Signature is Valid.');
    expect(pdfsig.output).toContain('Total document signed');
    expect(pdfsig.output).toContain('ETSI.CAdES.detached');

    const [signature, ...others] = signaturesOf(sealed.bytes);
    expect(others).toHaveLength(0);
    if (!signature) throw new Error('no signature');
    // The ByteRange covers the whole file except the /Contents hex string.
    const [start, length1, start2, length2] = signature.byteRange;
    expect(start).toBe(0);
    expect(start2 + length2).toBe(sealed.bytes.length);
    expect(signature.signedBytes.length + (start2 - length1)).toBe(sealed.bytes.length);

    expect((await cmsVerify(pki.dir, signature.cms, signature.signedBytes, pki.caPath)).code).toBe(0);
    // Another root does not vouch for it; a changed byte breaks it.
    expect((await cmsVerify(pki.dir, signature.cms, signature.signedBytes, other.caPath)).code).not.toBe(0);
    const tampered = Buffer.from(signature.signedBytes);
    tampered[100] = (tampered[100] ?? 0) ^ 0x01;
    expect((await cmsVerify(pki.dir, signature.cms, tampered, pki.caPath)).code).not.toBe(0);

    // signing-certificate-v2 (RFC 5035), as CAdES and PAdES require.
    expect(signedAttributeTypes(signature.cms)).toContain('1.2.840.113549.1.9.16.2.47');
    const qpdf = await judge('qpdf', ['--check', file]);
    expect(qpdf.code).toBe(0);
    expect(qpdf.output).toContain('No syntax or stream encoding errors');
  });

  it('stops at once when its signal is aborted', async () => {
    const controller = new AbortController();
    controller.abort(new Error('shutting down'));
    await expect(sealPdf(realWorld('pdfjs-rotation.pdf'), { signer, signal: controller.signal })).rejects.toThrow(
      'shutting down',
    );
  });
});
