// Files crafted to make the validator's own algorithms blow up in time or memory (docs/sealing.md, "The public
// validator"): the verdicts and classifications must still be right. Run here on the test's thread, without the
// worker's budget, so a quadratic comparison or a parse kept per revision shows as a test that never ends.
import v8 from 'node:v8';
import { deflateSync } from 'node:zlib';
import vm from 'node:vm';
import { PDFDocument, PDFName, PDFRawStream, PDFRef } from 'pdf-lib';
import { beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { decodeStreamCapped } from '@/lib/server/pdf/pdf-inflate-guard';
import { classifyChanges } from '@/lib/server/validate/classify-changes';
import { readEmbeddedFiles } from '@/lib/server/validate/read-embedded-files';
import { readSignetEvidence } from '@/lib/server/validate/read-signet-evidence';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { zlibSpaces } from '@/tests/fixtures/pdf-files';
import {
  foreignCms,
  inflatingAttachmentPdf,
  manyRevisionsPdf,
  rewrittenAnnotsPdf,
  rewrittenNestedArraysPdf,
} from '@/tests/fixtures/hostile-signed-pdfs';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { anchors } from './helpers';

let pki: TTestPki;

beforeAll(() => {
  pki = makeTestPki('Hostile Structures Root');
});

describe('arrays rewritten after a signature are compared entry by entry, in one pass', () => {
  it('60,000 annotations listed again in reverse order with a sticky note added: an annotation change, modified', async () => {
    const report = await validatePdf(rewrittenAnnotsPdf({ pki }), { anchors: anchors({ instance: [pki.caPem] }) });
    expect(report.verdict).toBe('modified');
    expect(report.signatures).toHaveLength(1);
    // The signature itself holds: only the change after it makes the file modified.
    expect(report.signatures[0]?.problems).toEqual([
      'The document was changed after this signature in a way that is not a permitted update.',
    ]);
    expect(report.signatures[0]?.changesAfter).toEqual([
      'annotation: annotation on page 1',
      'annotation: Text annotation on page 1',
    ]);
  }, 60_000);

  it('60,000 annotations listed again with a signature field added: permitted, still valid', async () => {
    const report = await validatePdf(rewrittenAnnotsPdf({ pki }, { grow: 'signature' }), {
      anchors: anchors({ instance: [pki.caPem] }),
    });
    expect(report.verdict).toBe('valid');
    expect(report.signatures[0]?.changesAfter.length).toBeGreaterThan(0);
    expect(report.signatures[0]?.changesAfter.every((change) => change.startsWith('permitted:'))).toBe(true);
  }, 60_000);

  it('4,000 nested arrays listed again in reverse order with one more: an annotation change', async () => {
    const report = await validatePdf(rewrittenNestedArraysPdf({ pki }), {
      anchors: anchors({ instance: [pki.caPem] }),
    });
    expect(report.verdict).toBe('modified');
    expect(report.signatures[0]?.changesAfter).toEqual(['annotation: annotation on page 1']);
  }, 60_000);
});

describe('64 signatures, each in its own revision', () => {
  it('each revision is parsed once and dropped once compared: never more than two parses alive at once', async () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = vm.runInNewContext('gc') as () => void;
    const bytes = manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 64, bulk: 2000, contentsBytes: 2048 });
    const parsed: WeakRef<PDFDocument>[] = [];
    let mostAlive = 0;
    // Wrapped by hand: a vi.spyOn would keep every parse it returned (its mock.results).
    const load = PDFDocument.load;
    PDFDocument.load = async (...args: Parameters<typeof PDFDocument.load>) => {
      // A WeakRef keeps its target alive until the current task ends: end it, then collect and count.
      await new Promise((resolve) => setImmediate(resolve));
      gc();
      mostAlive = Math.max(mostAlive, parsed.filter((ref) => ref.deref() !== undefined).length);
      const doc = await load.apply(PDFDocument, args);
      parsed.push(new WeakRef(doc));
      return doc;
    };
    onTestFinished(() => {
      PDFDocument.load = load;
    });
    const report = await validatePdf(bytes, { anchors: anchors() });
    // A CMS lifted from another file: its digest mismatches (modified), which is no reason to skip the comparison.
    expect(report.verdict).toBe('modified');
    expect(report.signatures).toHaveLength(64);
    expect(
      report.signatures.every((signature) => signature.problems.some((problem) => /digest differs/.test(problem))),
    ).toBe(true);
    // 63 earlier revisions and the final one (the last signature covers the whole file), each parsed once.
    expect(parsed).toHaveLength(64);
    expect(mostAlive).toBeLessThanOrEqual(2);
  }, 120_000);
});

describe('classifying changes between two revisions with 200,000-entry arrays', () => {
  /** A page whose /Annots (an indirect array) lists `entries` refs, parsed twice: the revision before and the one after. */
  async function twoRevisions(entries: number) {
    const doc = await PDFDocument.create();
    const page = doc.addPage([200, 200]);
    const listed = Array.from({ length: entries }, (_, i) => PDFRef.of(500_000 + i));
    const annots = doc.context.register(doc.context.obj(listed));
    page.node.set(PDFName.of('Annots'), annots);
    const bytes = await doc.save({ useObjectStreams: false });
    const load = () => PDFDocument.load(bytes, { updateMetadata: false });
    return { before: await load(), after: await load(), annots, listed };
  }

  it('the same entries in another order with a note added: the note, nothing removed', async () => {
    const { before, after, annots, listed } = await twoRevisions(200_000);
    const note = after.context.register(after.context.obj({ Type: 'Annot', Subtype: 'Text', Rect: [10, 10, 30, 30] }));
    after.context.assign(annots, after.context.obj([...listed].reverse().concat(note)));
    expect(classifyChanges(before, after)).toEqual([
      { kind: 'annotation', what: 'annotation on page 1' },
      { kind: 'annotation', what: 'Text annotation on page 1' },
    ]);
  }, 120_000);

  it('one entry of 200,000 taken out (the rest reordered): reported as removed', async () => {
    const { before, after, annots, listed } = await twoRevisions(200_000);
    after.context.assign(annots, after.context.obj(listed.filter((_, i) => i !== 123_456).reverse()));
    expect(classifyChanges(before, after)).toEqual([{ kind: 'other', what: 'annotation on page 1 removed' }]);
  }, 120_000);

  it('the same array written again unchanged: no change at all', async () => {
    const { before, after, annots, listed } = await twoRevisions(200_000);
    after.context.assign(annots, after.context.obj([...listed]));
    expect(classifyChanges(before, after)).toEqual([]);
  }, 120_000);
});

describe('what a report lists', () => {
  it('2,000 objects changed after a signature: the first 50 named, the rest counted per kind', async () => {
    const doc = await PDFDocument.create();
    doc.addPage([200, 200]);
    const objects = Array.from({ length: 2000 }, (_, i) => doc.context.register(doc.context.obj({ N: i })));
    doc.catalog.set(PDFName.of('Stuff'), doc.context.obj(objects));
    const bytes = await doc.save({ useObjectStreams: false });
    const before = await PDFDocument.load(bytes, { updateMetadata: false });
    const after = await PDFDocument.load(bytes, { updateMetadata: false });
    for (const [i, ref] of objects.entries()) after.context.assign(ref, after.context.obj({ N: i + 1 }));
    const changes = classifyChanges(before, after);
    expect(changes).toHaveLength(51);
    expect(changes.slice(0, 50).every((change) => change.kind === 'other' && /^object \d+ 0$/.test(change.what))).toBe(
      true,
    );
    expect(changes[50]).toEqual({ kind: 'other', what: '1950 more changes of this kind' });
  }, 60_000);
});

describe('decompression is bounded by the decoded size', () => {
  const MB = 1024 * 1024;

  it('a 256 MB stream deflated to a few hundred KB is refused at the cap, not inflated to its end', async () => {
    const doc = await PDFDocument.create();
    const body = zlibSpaces(256);
    expect(body.length).toBeLessThan(MB);
    const bomb = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode', Length: body.length }), body);
    expect(decodeStreamCapped(doc, bomb, 8 * MB)).toBe('too large');
    // Two layers multiply the ratio: the first layer's output is capped too.
    const layered = PDFRawStream.of(doc.context.obj({ Filter: ['FlateDecode', 'FlateDecode'] }), deflateSync(body));
    expect(decodeStreamCapped(doc, layered, 64 * 1024)).toBe('too large');
    // Under the cap the bytes come out whole.
    const small = PDFRawStream.of(doc.context.obj({ Filter: 'FlateDecode' }), zlibSpaces(2));
    const decoded = decodeStreamCapped(doc, small, 8 * MB);
    expect(decoded instanceof Uint8Array && decoded.length === 2 * MB && decoded.every((byte) => byte === 0x20)).toBe(
      true,
    );
    expect(decodeStreamCapped(doc, PDFRawStream.of(doc.context.obj({}), Buffer.from('plain')), 4)).toBe('too large');
  });

  it('an evidence attachment that inflates to 256 MB is not evidence; a small one is read', async () => {
    const bombed = await PDFDocument.load(inflatingAttachmentPdf({ pki }));
    expect(readEmbeddedFiles(bombed, ['signet-audit.json'])).toEqual(new Map());
    expect(readSignetEvidence(new Uint8Array(8), bombed)).toMatchObject({ audit: null, biometric: null });
    const plain = await PDFDocument.create();
    plain.addPage();
    await plain.attach(Buffer.from('{"documentId":"d1","events":[],"head":null,"count":0}'), 'signet-audit.json', {
      mimeType: 'application/json',
    });
    const reread = await PDFDocument.load(await plain.save());
    expect(
      Buffer.from(readEmbeddedFiles(reread, ['signet-audit.json']).get('signet-audit.json') ?? []).toString(),
    ).toContain('"documentId":"d1"');
    expect(readSignetEvidence(new Uint8Array(8), reread).audit).toEqual({ documentId: 'd1', hashes: [] });
  }, 60_000);
});
