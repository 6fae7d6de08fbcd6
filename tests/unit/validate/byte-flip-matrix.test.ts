import { beforeAll, describe, expect, it } from 'vitest';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { startTsaServer } from '@/tests/fixtures/tsa-server';
import { addDocumentTimestamp, anchors, flip, plainPdf, signWithLibpdf, signWithSignpdf } from './helpers';

/** `count` positions spread evenly over [start, end). */
function sample(start: number, end: number, count: number): number[] {
  if (end <= start) return [];
  const step = Math.max(1, Math.floor((end - start) / count));
  const positions: number[] = [];
  for (let at = start; at < end && positions.length < count; at += step) positions.push(at);
  return [...positions, end - 1];
}

/** The ByteRanges in file order. */
function byteRanges(bytes: Uint8Array): number[][] {
  return [
    ...Buffer.from(bytes)
      .toString('latin1')
      .matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g),
  ].map((match) => match.slice(1, 5).map(Number));
}

/**
 * The positions to flip in each region of a signed file: its header, the body before its first signature, that
 * signature's Contents, the trailer (from 200 bytes before the last startxref), and any `more` regions.
 */
function regionsOf(bytes: Uint8Array, more: Record<string, number[]> = {}): Record<string, number[]> {
  const [first] = byteRanges(bytes);
  if (!first) throw new Error('no signature');
  const [, contentsStart, contentsEnd] = first as [number, number, number, number];
  const startxref = Buffer.from(bytes).toString('latin1').lastIndexOf('startxref');
  if (startxref < 0) throw new Error('no startxref');
  return {
    header: sample(0, 15, 6),
    body: sample(16, contentsStart, 10),
    contents: sample(contentsStart, contentsEnd, 10),
    ...more,
    trailer: sample(startxref - 200, bytes.byteLength, 8),
  };
}

let pki: TTestPki;
let files: { name: string; bytes: Uint8Array; regions: Record<string, number[]> }[];

beforeAll(async () => {
  pki = makeTestPki('Matrix Root');
  const tsa = await startTsaServer();
  const base = await plainPdf(2);
  // A libpdf seal with a document timestamp appended (the revision after the seal is covered by the timestamp).
  const stamped = await addDocumentTimestamp(await signWithLibpdf(base, pki), tsa).finally(() => tsa.close());
  const [seal, stamp] = byteRanges(stamped) as [number[], number[]];
  const sealEnd = (seal[2] as number) + (seal[3] as number);
  const external = await signWithSignpdf(base, pki);
  files = [
    {
      name: 'libpdf seal + document timestamp',
      bytes: stamped,
      regions: regionsOf(stamped, {
        'appended revision': [
          ...sample(sealEnd, stamp[1] as number, 8),
          ...sample(stamp[1] as number, stamp[2] as number, 6),
        ],
      }),
    },
    { name: '@signpdf signature', bytes: external, regions: regionsOf(external) },
  ];
});

describe('a single changed byte in any region is never valid', () => {
  it('the untouched files are valid (the matrix would prove nothing otherwise)', async () => {
    for (const file of files)
      expect((await validatePdf(file.bytes, { anchors: anchors({ instance: [pki.caPem] }) })).verdict, file.name).toBe(
        'valid',
      );
  });

  it('flipping one bit in the header, body, Contents, appended revision and trailer gives modified or invalid', async () => {
    const started = Date.now();
    let checked = 0;
    for (const file of files) {
      for (const [region, positions] of Object.entries(file.regions)) {
        expect(positions.length, `${file.name}: ${region}`).toBeGreaterThan(3);
        for (const at of positions) {
          const report = await validatePdf(flip(file.bytes, at), { anchors: anchors({ instance: [pki.caPem] }) });
          expect(['modified', 'invalid'], `${file.name}: ${region} byte ${at}`).toContain(report.verdict);
          checked += 1;
        }
      }
    }
    expect(checked).toBeGreaterThan(60);
    expect(Date.now() - started).toBeLessThan(20_000);
  });
});
