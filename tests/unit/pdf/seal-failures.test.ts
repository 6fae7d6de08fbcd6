// A failing time-stamp authority, and a signature that outgrows its room.
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { P12Signer, type Signer } from '@libpdf/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { sealFailureReason } from '@/lib/server/pdf/seal/seal-errors';
import { sealPdf } from '@/lib/server/pdf/seal/seal-pdf';
import { signatureRoom } from '@/lib/server/pdf/seal/seal-room';
import { makePdf } from '@/tests/fixtures/pdf-files';
import type { TTestPki } from '@/tests/fixtures/test-pki';
import { startTsaServer } from '@/tests/fixtures/tsa-server';
import { sealTestPki, signatureParts, signaturesOf, writePdf } from './seal-helpers';
import { cmsVerify, judge, tsVerify } from '@/tests/fixtures/pdf-judges';

let pki: TTestPki;
let signer: Signer;
let original: Uint8Array;

beforeAll(async () => {
  pki = sealTestPki();
  signer = await P12Signer.create(pki.p12, pki.password);
  original = new Uint8Array(await makePdf(2));
});

/** A port nothing listens on. */
async function deadUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return `http://127.0.0.1:${port}/tsa`;
}

describe('a time-stamp authority that fails', () => {
  it('is retried, then reported as tsa_unavailable with no output, never replaced by the local clock', async () => {
    const error = await sealPdf(original, { signer, tsaUrl: await deadUrl() }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      extensions: { reason: 'tsa_unavailable', retryable: true },
    });
    expect(sealFailureReason(error)).toBe('tsa_unavailable');
  });

  it('that keeps answering 503 is asked a few times, then reported', async () => {
    const tsa = await startTsaServer({ failFirst: 100 });
    try {
      await expect(sealPdf(original, { signer, tsaUrl: tsa.url })).rejects.toMatchObject({
        extensions: { reason: 'tsa_unavailable' },
      });
      expect(tsa.requests()).toBe(4);
    } finally {
      await tsa.close();
    }
  });

  it('that fails twice and then answers gives a sealed document', async () => {
    const tsa = await startTsaServer({ failFirst: 2 });
    try {
      const sealed = await sealPdf(original, { signer, tsaUrl: tsa.url });
      expect(sealed.level).toBe('B-LTA');
      expect(tsa.requests()).toBe(4); // two 503s, the signature's token, the document timestamp
      const [seal] = signaturesOf(sealed.bytes);
      expect((await cmsVerify(pki.dir, seal!.cms, seal!.signedBytes, pki.caPath)).code).toBe(0);
    } finally {
      await tsa.close();
    }
  });

  it('is abandoned as soon as the signal aborts, without waiting out the retries', async () => {
    const tsa = await startTsaServer({ failFirst: 100 });
    try {
      const controller = new AbortController();
      setTimeout(() => controller.abort(new Error('worker stopping')), 100);
      const started = Date.now();
      await expect(sealPdf(original, { signer, tsaUrl: tsa.url, signal: controller.signal })).rejects.toThrow(
        'worker stopping',
      );
      expect(Date.now() - started).toBeLessThan(1500);
    } finally {
      await tsa.close();
    }
  });
});

describe('a file the signing library would rewrite rather than append to', () => {
  it('is refused, never sealed into a file that does not start with the bytes it was given', async () => {
    // Its cross-reference table points into the wrong bytes: libpdf recovers it by scanning and saves it whole.
    const damaged = new Uint8Array(
      readFileSync(path.resolve(import.meta.dirname, '../../fixtures/real-world/qpdf-bad-xref.pdf')),
    );
    await expect(sealPdf(damaged, { signer })).rejects.toThrow(/rewrote the file instead of appending/);
  });
});

describe('a signature larger than its reserved room', () => {
  it('is redone with the room it needed: the result is whole and valid, never truncated', async () => {
    // Fourteen extra certificates in every token: far beyond the first guess.
    const tsa = await startTsaServer({ padCertificates: 14 });
    try {
      const sealed = await sealPdf(original, { signer, tsaUrl: tsa.url });
      // The signature's token was asked for twice (first room too small), the document timestamp once.
      expect(tsa.requests()).toBe(3);
      const [seal, documentTimestamp] = signaturesOf(sealed.bytes);
      if (!seal || !documentTimestamp) throw new Error('expected two signatures');
      expect(seal.cms.length).toBeGreaterThan(signatureRoom(signer, true));
      expect((await cmsVerify(pki.dir, seal.cms, seal.signedBytes, pki.caPath)).code).toBe(0);
      const { signatureValue, timestampToken } = signatureParts(seal.cms);
      expect((await tsVerify(pki.dir, timestampToken!, signatureValue, tsa.caFile)).output).toContain(
        'Verification: OK',
      );
      expect(
        (await tsVerify(pki.dir, documentTimestamp.cms, documentTimestamp.signedBytes, tsa.caFile)).output,
      ).toContain('Verification: OK');
      const file = await writePdf(pki.dir, 'roomy.pdf', sealed.bytes);
      expect((await judge('pdfsig', [file])).output).toContain('Signature is Valid.');
      expect((await judge('qpdf', ['--check', file])).code).toBe(0);
    } finally {
      await tsa.close();
    }
  });
});
