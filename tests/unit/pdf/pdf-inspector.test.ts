import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfInspector } from '@/lib/server/pdf/pdf-inspector';
import { buildRawPdf, encryptPdf, makeJavaScriptPdf, makePdf } from '@/tests/fixtures/pdf-files';

const limits = { maxPages: 500 };

/** One page, then `count` small dictionaries: little on disk, a lot of parser heap. */
function manyObjectsPdf(count: number): Buffer {
  const filler = Array.from({ length: count }, (_, i) => `<< /N ${i} /A [1 2 3 4 5 6 7 8] /S (filler ${i}) >>`);
  return buildRawPdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>',
    ...filler,
  ]);
}

describe('PdfInspector (worker thread)', () => {
  const inspector = new PdfInspector({ maxHeapMb: 1024, timeoutMs: 60_000 });
  let plain: Buffer;

  beforeAll(async () => {
    plain = await makePdf(3);
  });
  afterAll(() => inspector.close());

  it('answers like inspectPdf: the page count, and no bytes back when the PDF needed no change', async () => {
    const result = await inspector.inspect(Buffer.from(plain), limits);
    expect(result).toEqual({ pageCount: 3, strippedScripts: [], rewritten: null, repaired: null, repairs: [] });
  });

  it('reads bytes in a SharedArrayBuffer in place and copies any other bytes, never taking the caller’s', async () => {
    const shared = new Uint8Array(new SharedArrayBuffer(plain.length + 100), 0, plain.length);
    shared.set(plain);
    await expect(inspector.inspect(shared, limits)).resolves.toMatchObject({ pageCount: 3 });
    expect(Buffer.from(shared).equals(plain)).toBe(true);

    const owned = new Uint8Array(plain);
    await inspector.inspect(owned, limits);
    expect(owned.byteLength).toBe(plain.length);

    // A small Buffer lives in Node's shared pool: only its own bytes are copied, its neighbours stay.
    const neighbour = Buffer.from('neighbour');
    const pooled = Buffer.from(
      buildRawPdf([
        '<< /Type /Catalog /Pages 2 0 R >>',
        '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
        '<< /Type /Page /Parent 2 0 R >>',
      ]),
    );
    expect(pooled.byteLength).toBeLessThan(pooled.buffer.byteLength);
    await expect(inspector.inspect(pooled, limits)).resolves.toMatchObject({ pageCount: 1 });
    expect(neighbour.toString()).toBe('neighbour');
    expect(pooled.byteLength).toBeGreaterThan(0);
  });

  it('passes refusals on as the same AppError code and reason', async () => {
    await expect(inspector.inspect(encryptPdf(plain), limits)).rejects.toMatchObject({
      name: 'AppError',
      code: 'ENCRYPTED_FILE',
    });
    await expect(inspector.inspect(plain.subarray(0, 200), limits)).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
      detail: expect.stringMatching(/truncated/),
    });
    await expect(inspector.inspect(Buffer.from(plain), { maxPages: 2 })).rejects.toMatchObject({
      code: 'TOO_MANY_PAGES',
    });
  });

  it('returns the rewritten bytes when it takes scripts out', async () => {
    const scripted = await makeJavaScriptPdf();
    const result = await inspector.inspect(Buffer.from(scripted), limits);
    expect(result.strippedScripts.length).toBeGreaterThan(0);
    expect(result.rewritten).not.toBeNull();
    expect(Buffer.from(result.rewritten!).includes('/JavaScript')).toBe(false);
  });

  it('inspects PDFs sent at once one after another, each with its own answer', async () => {
    const pages = [1, 2, 4, 5];
    const pdfs = await Promise.all(pages.map((count) => makePdf(count)));
    const results = await Promise.all(pdfs.map((pdf) => inspector.inspect(pdf, limits)));
    expect(results.map((result) => result.pageCount)).toEqual(pages);
  });
});

describe('PdfInspector limits', () => {
  it('refuses a PDF that needs more heap than allowed, and the next PDF gets a fresh worker', async () => {
    const inspector = new PdfInspector({ maxHeapMb: 48, timeoutMs: 60_000 });
    try {
      const small = await makePdf(1);
      await expect(inspector.inspect(Buffer.from(small), limits)).resolves.toMatchObject({ pageCount: 1 });
      await expect(inspector.inspect(manyObjectsPdf(400_000), limits)).rejects.toMatchObject({
        code: 'UNSAFE_FILE',
        detail: expect.stringMatching(/memory/),
      });
      await expect(inspector.inspect(Buffer.from(small), limits)).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      await inspector.close();
    }
  }, 60_000);

  it('refuses a PDF that takes longer than allowed to read', async () => {
    const inspector = new PdfInspector({ maxHeapMb: 1024, timeoutMs: 50 });
    try {
      await expect(inspector.inspect(manyObjectsPdf(200_000), limits)).rejects.toMatchObject({
        code: 'UNSAFE_FILE',
        detail: expect.stringMatching(/within/),
      });
    } finally {
      await inspector.close();
    }
  }, 60_000);

  it('refuses at once with 503 and Retry-After when its queue is full, and runs the rest', async () => {
    const inspector = new PdfInspector({ maxHeapMb: 1024, timeoutMs: 60_000, maxQueue: 2, maxWaitMs: 60_000 });
    try {
      const slow = manyObjectsPdf(100_000);
      const small = await makePdf(1);
      const accepted = [
        inspector.inspect(slow, limits),
        inspector.inspect(small, limits),
        inspector.inspect(small, limits),
      ];
      await expect(inspector.inspect(small, limits)).rejects.toMatchObject({
        code: 'SERVICE_UNAVAILABLE',
        retryAfterSeconds: expect.any(Number),
      });
      await expect(Promise.all(accepted)).resolves.toHaveLength(3);
      // Room again once the queue has drained.
      await expect(inspector.inspect(small, limits)).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      await inspector.close();
    }
  }, 60_000);

  it('refuses a PDF that waited longer than allowed for the worker, with 503', async () => {
    const inspector = new PdfInspector({ maxHeapMb: 1024, timeoutMs: 60_000, maxQueue: 8, maxWaitMs: 20 });
    try {
      const first = inspector.inspect(manyObjectsPdf(100_000), limits);
      await expect(inspector.inspect(await makePdf(1), limits)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await expect(first).resolves.toMatchObject({ pageCount: 1 });
    } finally {
      await inspector.close();
    }
  }, 60_000);

  it('is bounded by default: a queue of at most 16 and a wait of at most a minute', async () => {
    const inspector = new PdfInspector();
    try {
      const small = await makePdf(1);
      const accepted = Array.from({ length: 17 }, () => inspector.inspect(small, limits));
      await expect(inspector.inspect(small, limits)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
      await Promise.all(accepted);
    } finally {
      await inspector.close();
    }
  }, 60_000);
});
