import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { startTsaServer, type TTsaServer } from '@/tests/fixtures/tsa-server';
import {
  addDocumentTimestamp,
  anchors,
  appendPage,
  contentsRange,
  flip,
  plainPdf,
  signWithLibpdf,
  signWithSignpdf,
} from './helpers';
import { pdfsig } from '@/tests/fixtures/pdf-judges';

let pki: TTestPki;
let other: TTestPki;
let tsa: TTsaServer;
let base: Uint8Array;

beforeAll(async () => {
  pki = makeTestPki('Validator Test Root');
  other = makeTestPki('Unrelated Root');
  tsa = await startTsaServer();
  base = await plainPdf(2);
});
afterAll(() => tsa.close());

const trusted = () => anchors({ instance: [pki.caPem], system: [tsa.caPem] });

describe('validatePdf: the verdicts pdfsig gives the same files', () => {
  it('says unsigned for a PDF without signatures', async () => {
    expect(await validatePdf(base, { anchors: anchors() })).toEqual({ verdict: 'unsigned', signatures: [] });
    expect((await pdfsig(base)).verdict).toBe('unsigned');
  });

  it('a libpdf signature, intact, chaining to the instance CA', async () => {
    const signed = await signWithLibpdf(base, pki);
    const report = await validatePdf(signed, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('valid');
    expect(report.signatures[0]).toMatchObject({
      kind: 'signature',
      fieldName: 'Signature_1',
      intact: true,
      trust: 'instance',
      coversWholeDocument: true,
      subFilter: 'ETSI.CAdES.detached',
      digestAlgorithm: 'SHA-256',
      level: 'B-B',
      timestamp: null,
      changesAfter: [],
      problems: [],
      signer: { subject: 'CN=Test Signer, O=Signet Tests', issuer: 'CN=Validator Test Root, O=Signet Tests' },
      trustAnchor: 'CN=Validator Test Root, O=Signet Tests',
      chain: ['CN=Test Signer, O=Signet Tests', 'CN=Validator Test Root, O=Signet Tests'],
    });
    expect(report.signatures[0]?.signedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    expect(await pdfsig(signed)).toMatchObject({ verdict: 'valid', whole: true });
  });

  it('a @signpdf signature (adbe.pkcs7.detached): trusted through a system root, valid but untrusted with an unknown root', async () => {
    const signed = await signWithSignpdf(base, pki);
    const trustedReport = await validatePdf(signed, { anchors: anchors({ system: [pki.caPem] }) });
    expect(trustedReport.verdict).toBe('valid');
    expect(trustedReport.signatures[0]).toMatchObject({
      trust: 'system',
      trustAnchor: 'CN=Validator Test Root, O=Signet Tests',
      subFilter: 'adbe.pkcs7.detached',
      level: null,
      intact: true,
    });
    const unknown = await validatePdf(signed, { anchors: anchors({ instance: [other.caPem] }) });
    expect(unknown.verdict).toBe('valid');
    expect(unknown.signatures[0]).toMatchObject({ trust: 'untrusted', trustAnchor: null, intact: true });
    expect((await pdfsig(signed)).verdict).toBe('valid');
  });

  it('a byte changed inside the signed range is modified (pdfsig: digest mismatch)', async () => {
    for (const signed of [await signWithLibpdf(base, pki), await signWithSignpdf(base, pki)]) {
      const text = Buffer.from(signed).toString('latin1');
      const changed = flip(signed, text.indexOf('Contract page 1') + 9);
      const report = await validatePdf(changed, { anchors: trusted() });
      expect(report.verdict).toBe('modified');
      expect(report.signatures[0]).toMatchObject({ intact: false, trust: 'instance' });
      expect((await pdfsig(changed)).verdict).toBe('modified');
    }
  });

  it('broken signature contents are invalid (pdfsig does not call them valid either)', async () => {
    const signed = await signWithSignpdf(base, pki);
    const { start } = contentsRange(signed);
    const broken = signed.slice();
    broken.set(Buffer.from('31', 'latin1'), start + 1); // the CMS's outer SEQUENCE tag 0x30 becomes a SET
    const report = await validatePdf(broken, { anchors: trusted() });
    expect(report.verdict).toBe('invalid');
    expect(report.signatures[0]?.intact).toBe(false);
    expect((await pdfsig(broken)).verdict).not.toBe('valid');
  });

  it('content added after the signature is modified; pdfsig says the signature no longer covers the whole file', async () => {
    for (const signed of [await signWithLibpdf(base, pki), await signWithSignpdf(base, pki)]) {
      const changed = await appendPage(signed);
      const report = await validatePdf(changed, { anchors: trusted() });
      expect(report.verdict).toBe('modified');
      // The bytes it signed are intact; what was appended after them is what changed.
      expect(report.signatures[0]).toMatchObject({ coversWholeDocument: false, intact: true });
      expect(report.signatures[0]?.changesAfter).toContain('other: page 3 added or replaced');
      expect(await pdfsig(changed)).toMatchObject({ verdict: 'valid', whole: false });
    }
  });

  it('a document timestamp after the signature is a permitted update: valid', async () => {
    const stamped = await addDocumentTimestamp(await signWithLibpdf(base, pki), tsa);
    const report = await validatePdf(stamped, { anchors: trusted() });
    expect(report.verdict).toBe('valid');
    expect(report.signatures).toHaveLength(2);
    expect(report.signatures[0]).toMatchObject({
      kind: 'signature',
      coversWholeDocument: false,
      intact: true,
      changesAfter: ['permitted: signature field', 'permitted: document timestamp'],
    });
    expect(report.signatures[1]).toMatchObject({
      kind: 'document_timestamp',
      subFilter: 'ETSI.RFC3161',
      coversWholeDocument: true,
      intact: true,
      trust: 'system',
      signer: { subject: 'O=Signet tests, CN=Test TSA' },
      timestamp: { authority: 'O=Signet tests, CN=Test TSA', valid: true },
    });
    expect((await pdfsig(stamped)).verdict).toBe('valid');
  });

  it('tells the PAdES levels apart: B-T (signature timestamp), B-LT (DSS), B-LTA (document timestamp after the DSS)', async () => {
    for (const level of ['B-T', 'B-LT', 'B-LTA'] as const) {
      const signed = await signWithLibpdf(base, pki, { level, tsa });
      const report = await validatePdf(signed, { anchors: trusted() });
      expect(report.verdict, level).toBe('valid');
      expect(report.signatures[0], level).toMatchObject({
        level,
        intact: true,
        trust: 'instance',
        timestamp: { authority: 'O=Signet tests, CN=Test TSA', valid: true },
      });
      if (level !== 'B-T')
        expect(report.signatures[0]?.changesAfter, level).toContain('permitted: validation data (DSS)');
      expect((await pdfsig(signed)).verdict, level).toBe('valid');
    }
  });

  it('a modified page after a document timestamp stays modified: the timestamp does not make it permitted', async () => {
    const stamped = await addDocumentTimestamp(await appendPage(await signWithLibpdf(base, pki)), tsa);
    const report = await validatePdf(stamped, { anchors: trusted() });
    expect(report.verdict).toBe('modified');
    expect(report.signatures[0]?.changesAfter).toContain('other: page 3 added or replaced');
    expect(report.signatures[1]).toMatchObject({ kind: 'document_timestamp', intact: true });
  });
});
