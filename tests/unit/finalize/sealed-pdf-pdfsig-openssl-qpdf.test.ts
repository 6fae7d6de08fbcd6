// Sealing judged from outside: a document signed through the real flow (owner and signer routes),
// finalized by the real job runner with the product's own steps and a time-stamp authority
// (tests/fixtures/tsa-server.ts: openssl ts -reply), the sealed PDF judged by independent tools only:
// pdfsig, openssl cms -verify against the instance CA, openssl ts -verify, qpdf --check, pdftotext.
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTsaServer, type TTsaServer } from '@/tests/fixtures/tsa-server';
import { signatureParts, signaturesOf, tempFolder, writePdf } from '../pdf/seal-helpers';
import { finalizeJobWorld } from './finalize-job-world';
import { cmsVerify, judge, pdfText, tsVerify } from '@/tests/fixtures/pdf-judges';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

let tsa: TTsaServer;
// Before the world: TSA_URL must be in the environment when the app first reads it.
beforeAll(async () => {
  tsa = await startTsaServer();
  vi.stubEnv('TSA_URL', tsa.url);
});
afterAll(() => tsa?.close());

const { mod, runJobs, signed, mailsWithFiles, documentRow, events } = finalizeJobWorld();
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('a document signed through the real flow, sealed with a time-stamp authority', () => {
  it('is B-LTA, and pdfsig, openssl and qpdf accept what was stored and mailed', async () => {
    vi.setConfig({ testTimeout: 120_000 });
    const { document, signer } = await signed('Hugo');
    const { productionFinalizeSteps } = await import('@/lib/server/finalize/finalize-steps');
    await runJobs({ steps: productionFinalizeSteps });
    const row = await documentRow(document.id);
    expect(row, row.finalizeError ?? '').toMatchObject({ status: 'COMPLETED', sealLevel: 'B-LTA' });
    expect(row.sealTimestampAt).toBeInstanceOf(Date);
    const sealed = await mod.store.get(row.sealedBlob!);
    expect(sha(sealed)).toBe(row.sealedSha256);
    // What the signer received is the very file stored.
    const mail = (await mailsWithFiles(signer.email)).at(-1); // after the invitation
    expect(mail?.attachments.map((file) => sha(file.content))).toEqual([row.sealedSha256]);

    const folder = tempFolder('signet-judged-');
    const caFile = path.join(folder, 'instance-ca.pem');
    writeFileSync(caFile, (await (await import('@/lib/server/trust/instance-ca')).getInstanceCa()).certificatePem);
    const file = await writePdf(folder, 'sealed.pdf', sealed);

    const [seal, documentTimestamp, ...rest] = signaturesOf(sealed);
    expect(rest).toEqual([]);
    if (!seal || !documentTimestamp) throw new Error('expected the seal and a document timestamp');
    expect(seal.subFilter).toBe('ETSI.CAdES.detached');
    expect(documentTimestamp.subFilter).toBe('ETSI.RFC3161');

    // The seal: intact and chaining to this instance's CA (openssl's default purpose), not to another.
    expect((await cmsVerify(folder, seal.cms, seal.signedBytes, caFile, [])).code).toBe(0);
    expect((await cmsVerify(folder, seal.cms, seal.signedBytes, tsa.caFile, [])).code).not.toBe(0);
    // Its ByteRange is the whole of its revision but the signature's contents.
    const [from, until, resume, rest2] = seal.byteRange;
    expect(from).toBe(0);
    expect(Buffer.from(sealed.subarray(until, resume)).toString('latin1')).toMatch(/^<[0-9a-fA-F]+>$/);
    expect(Buffer.from(sealed.subarray(resume + rest2 - 16, resume + rest2)).toString('latin1')).toMatch(/%%EOF\s*$/);

    // B-T: the signature timestamp token stamps the signature value.
    const { signatureValue, timestampToken } = signatureParts(seal.cms);
    if (!timestampToken) throw new Error('no id-aa-signatureTimeStampToken');
    expect((await tsVerify(folder, timestampToken, signatureValue, tsa.caFile)).output).toContain('Verification: OK');
    // B-LT: a DSS after the seal, with the chains and revocation data.
    const afterSeal = Buffer.from(sealed.subarray(resume + rest2)).toString('latin1');
    expect(afterSeal).toMatch(/\/DSS\s/);
    expect(afterSeal).toMatch(/\/Certs\s*\[/);
    expect(afterSeal).toMatch(/\/CRLs\s*\[|\/OCSPs\s*\[/);
    // B-LTA: the document timestamp covers the whole file but its own contents.
    const [start, , start2, length2] = documentTimestamp.byteRange;
    expect([start, start2 + length2]).toEqual([0, sealed.length]);
    expect((await tsVerify(folder, documentTimestamp.cms, documentTimestamp.signedBytes, tsa.caFile)).output).toContain(
      'Verification: OK',
    );

    const pdfsig = await judge('pdfsig', [file]);
    expect(pdfsig.output).toMatch(/Signature #1:[\s\S]*Signature is Valid\./);
    expect(pdfsig.output).toMatch(/Signature #2:[\s\S]*Total document signed/);
    const qpdf = await judge('qpdf', ['--check', file]);
    expect(qpdf.code, qpdf.output).toBe(0);

    // The certificate of completion prints the hashes that are stored: the original's, and the flattened
    // content's, which is the sealed file's first flattenedLength bytes (printed too).
    const [completed] = await events(document.id, 'document.completed');
    const { flattenedSha256, flattenedLength } = JSON.parse(String(completed?.data)) as {
      flattenedSha256: string;
      flattenedLength: number;
    };
    expect(sha(sealed.subarray(0, flattenedLength))).toBe(flattenedSha256);
    const text = pdfText(file).replace(/\s+/g, '');
    expect(text).toContain(row.originalSha256);
    expect(text).toContain(flattenedSha256);
    expect(text).toContain(`thefirst${flattenedLength}bytes`);
  });
});
