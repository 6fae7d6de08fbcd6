import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { anchors, appendPage, pdfsig, plainPdf, signWithLibpdf, signWithSignpdf } from './helpers';

let pki: TTestPki;
let other: TTestPki;
let base: Uint8Array;

beforeAll(async () => {
  pki = makeTestPki('Validator Test Root');
  other = makeTestPki('Unrelated Root');
  base = await plainPdf(2);
});

describe('validatePdf', () => {
  it('says unsigned for a PDF without signatures, as pdfsig does', async () => {
    const report = await validatePdf(base, { anchors: anchors() });
    expect(report).toEqual({ verdict: 'unsigned', signatures: [] });
    expect((await pdfsig(base)).verdict).toBe('unsigned');
  });

  it('a libpdf signature, intact, chaining to the instance CA', async () => {
    const signed = await signWithLibpdf(base, pki);
    const report = await validatePdf(signed, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('valid');
    const [signature] = report.signatures;
    expect(signature).toMatchObject({
      kind: 'signature', intact: true, trust: 'instance', coversWholeDocument: true, subFilter: 'ETSI.CAdES.detached', digestAlgorithm: 'SHA-256', level: 'B-B',
      signer: { subject: 'CN=Test Signer, O=Signet Tests', issuer: 'CN=Validator Test Root, O=Signet Tests' },
      trustAnchor: 'CN=Validator Test Root, O=Signet Tests', changesAfter: [],
    });
    expect((await pdfsig(signed)).verdict).toBe('valid');
  });

  it('a @signpdf signature (adbe.pkcs7.detached): trusted with its root, valid but untrusted without', async () => {
    const signed = await signWithSignpdf(base, pki);
    const trusted = await validatePdf(signed, { anchors: anchors({ system: [pki.caPem] }) });
    expect(trusted.verdict).toBe('valid');
    expect(trusted.signatures[0]).toMatchObject({ trust: 'system', subFilter: 'adbe.pkcs7.detached', level: null, intact: true });
    const unknown = await validatePdf(signed, { anchors: anchors({ system: [other.caPem] }) });
    expect(unknown.verdict).toBe('valid');
    expect(unknown.signatures[0]).toMatchObject({ trust: 'untrusted', trustAnchor: null, intact: true });
    expect((await pdfsig(signed)).verdict).toBe('valid');
  });

  it('a page added after signing is modified, as pdfsig says the signature no longer covers the whole file', async () => {
    const signed = await signWithLibpdf(base, pki);
    const changed = await appendPage(signed);
    const report = await validatePdf(changed, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('modified');
    expect(report.signatures[0]?.coversWholeDocument).toBe(false);
    expect(report.signatures[0]?.changesAfter.some((change) => change.startsWith('other:'))).toBe(true);
    const judge = await pdfsig(changed);
    expect(judge.verdict).toBe('valid');
    expect(judge.whole).toBe(false);
  });
});
