import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { addNote, anchors, fillField, formPdf, signWithLibpdf } from './helpers';
import { pdfsig } from '@/tests/fixtures/pdf-judges';

let pki: TTestPki;

beforeAll(() => {
  pki = makeTestPki('Changes Root');
});

describe('changes after signing are classified, and only permitted ones keep the verdict valid', () => {
  it('a form filled after signing: form_fill, modified (a form fill is not a permitted update)', async () => {
    const signed = await signWithLibpdf(await formPdf(), pki);
    const filled = await fillField(signed, 'Ana Lima');
    const report = await validatePdf(filled, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('modified');
    expect(report.signatures[0]?.changesAfter.some((change) => change.startsWith('form_fill:'))).toBe(true);
    expect(report.signatures[0]?.changesAfter.some((change) => change.startsWith('other:'))).toBe(false);
    expect(await pdfsig(filled)).toMatchObject({ verdict: 'valid', whole: false });
  });

  it('an annotation added after signing: annotation, modified', async () => {
    const signed = await signWithLibpdf(await formPdf(), pki);
    const noted = await addNote(signed);
    const report = await validatePdf(noted, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('modified');
    expect(report.signatures[0]?.changesAfter.some((change) => change.startsWith('annotation:'))).toBe(true);
  });

  it('a second signature over the first (new field, signature and appearance): both valid', async () => {
    const once = await signWithLibpdf(await formPdf(), pki);
    const twice = await signWithLibpdf(once, pki);
    const report = await validatePdf(twice, { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('valid');
    expect(report.signatures).toHaveLength(2);
    expect(report.signatures[0]?.changesAfter.every((change) => change.startsWith('permitted:'))).toBe(true);
    expect((await pdfsig(twice)).verdict).toBe('valid');
  });
});
