// B-T → B-LT → B-LTA seals against a real RFC 3161 responder (openssl ts -reply),
// judged by pdfsig, openssl cms, openssl ts -verify and qpdf.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { P12Signer, type Signer } from '@libpdf/core';
import * as pkijs from 'pkijs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sealPdf } from '@/lib/server/pdf/seal/seal-pdf';
import type { TTestPki } from '@/tests/fixtures/test-pki';
import { startTsaServer, type TTsaServer } from '@/tests/fixtures/tsa-server';
import { sealTestPki, signatureParts, signaturesOf, writePdf } from './seal-helpers';
import { cmsVerify, judge, tsVerify } from '@/tests/fixtures/pdf-judges';

const original = new Uint8Array(
  readFileSync(path.resolve(import.meta.dirname, '../../fixtures/real-world/qpdf-c-linearized.pdf')),
);

let pki: TTestPki;
let signer: Signer;
let tsa: TTsaServer;

beforeAll(async () => {
  pki = sealTestPki();
  signer = await P12Signer.create(pki.p12, pki.password);
  tsa = await startTsaServer();
});
afterAll(() => tsa.close());

describe('sealPdf with a time-stamp authority', () => {
  it('adds the signature timestamp, the DSS and a document timestamp (B-LTA) that independent tools verify', async () => {
    const before = Date.now();
    const sealed = await sealPdf(original, { signer, tsaUrl: tsa.url });
    expect(sealed.level).toBe('B-LTA');
    expect(sealed.timestampAt).toBeInstanceOf(Date);
    // The TSA's time (whole seconds), not ours: within the call, give or take its accuracy.
    expect(sealed.timestampAt!.getTime()).toBeGreaterThanOrEqual(before - 2000);
    expect(sealed.timestampAt!.getTime()).toBeLessThanOrEqual(Date.now() + 2000);
    expect(tsa.requests()).toBe(2);
    // Each request carries certReq and its own nonce.
    const queries = tsa.queries().map((query) => pkijs.TimeStampReq.fromBER(new Uint8Array(query)));
    expect(queries.map((query) => query.certReq)).toEqual([true, true]);
    const nonces = queries.map((query) => Buffer.from(query.nonce!.valueBlock.valueHexView).toString('hex'));
    expect(nonces[0]).toMatch(/^[0-9a-f]{16}$/);
    expect(nonces[1]).not.toBe(nonces[0]);

    const file = await writePdf(pki.dir, 'lta.pdf', sealed.bytes);
    const [seal, documentTimestamp, ...rest] = signaturesOf(sealed.bytes);
    expect(rest).toHaveLength(0);
    if (!seal || !documentTimestamp) throw new Error('expected a seal and a document timestamp');
    expect(seal.subFilter).toBe('ETSI.CAdES.detached');
    expect(documentTimestamp.subFilter).toBe('ETSI.RFC3161');

    // B-B core: the seal's CMS over its ByteRange, chaining to our CA.
    expect((await cmsVerify(pki.dir, seal.cms, seal.signedBytes, pki.caPath)).code).toBe(0);

    // B-T: id-aa-signatureTimeStampToken stamps the signature value, and chains to the TSA's root only.
    const { signatureValue, timestampToken } = signatureParts(seal.cms);
    if (!timestampToken) throw new Error('no signature timestamp token');
    const stamped = await tsVerify(pki.dir, timestampToken, signatureValue, tsa.caFile);
    expect(stamped.output).toContain('Verification: OK');
    expect((await tsVerify(pki.dir, timestampToken, signatureValue, pki.caPath)).code).not.toBe(0);
    expect((await tsVerify(pki.dir, timestampToken, Buffer.from('other bytes'), tsa.caFile)).code).not.toBe(0);

    // B-LT: a DSS with certificates and revocation data, in a revision after the seal.
    const afterSeal = Buffer.from(sealed.bytes.subarray(seal.byteRange[2] + seal.byteRange[3])).toString('latin1');
    expect(afterSeal).toMatch(/\/DSS\s/);
    expect(afterSeal).toMatch(/\/Certs\s*\[/);
    expect(afterSeal).toMatch(/\/(CRLs|OCSPs)\s*\[/);

    // B-LTA: the document timestamp covers the whole file but its own contents, and verifies over them.
    const [start, , start2, length2] = documentTimestamp.byteRange;
    expect(start).toBe(0);
    expect(start2 + length2).toBe(sealed.bytes.length);
    expect(
      (await tsVerify(pki.dir, documentTimestamp.cms, documentTimestamp.signedBytes, tsa.caFile)).output,
    ).toContain('Verification: OK');

    const pdfsig = await judge('pdfsig', [file]);
    expect(pdfsig.output).toMatch(/Signature #1:[\s\S]*ETSI\.CAdES\.detached[\s\S]*Signature is Valid\./);
    // The last revision (the document timestamp) covers the total document.
    expect(pdfsig.output).toMatch(/Signature #2:[\s\S]*Total document signed/);
    const qpdf = await judge('qpdf', ['--check', file]);
    expect(qpdf.code).toBe(0);
    expect(qpdf.output).toContain('No syntax or stream encoding errors');
  });

  it('refuses a token that does not answer its request (another nonce and imprint), and never seals with it', async () => {
    const replaying = await startTsaServer({ replay: true });
    try {
      const error = await sealPdf(original, { signer, tsaUrl: replaying.url }).catch((caught: unknown) => caught);
      expect(error).toMatchObject({ code: 'SERVICE_UNAVAILABLE', extensions: { reason: 'tsa_unavailable' } });
      expect(String((error as Error).message)).toMatch(/another digest|nonce/);
    } finally {
      await replaying.close();
    }
  });
});
