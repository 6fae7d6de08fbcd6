import { readFileSync } from 'node:fs';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { isPdfParserNoise, quietPdfParser } from '@/lib/server/pdf/quiet-pdf-parser';
import { PdfInspector } from '@/lib/server/pdf/pdf-inspector';
import { PdfValidator } from '@/lib/server/validate/pdf-validator';

/** A real-world file pdf-lib parses with two console notes ("Trying to parse invalid object", "Invalid object ref"). */
const damaged = readFileSync(
  path.join(import.meta.dirname, '../../fixtures/real-world/qpdf-linearized-and-warnings.pdf'),
);

afterEach(() => {
  vi.restoreAllMocks();
});

describe("pdf-lib's parser notes", () => {
  it('are recognised, and nothing else is', () => {
    expect(isPdfParserNoise(['Trying to parse invalid object: {"line":53,"column":3,"offset":1103})'])).toBe(true);
    expect(isPdfParserNoise(['Invalid object ref: 2 0 R'])).toBe(true);
    expect(isPdfParserNoise(['Removing parsed object: 0 0 R'])).toBe(true);
    expect(isPdfParserNoise(['Parsed number that is too large for some PDF readers: 1e400, not capping.'])).toBe(true);
    expect(isPdfParserNoise(['Removing XFA form data as pdf-lib does not support reading or writing XFA'])).toBe(false);
    expect(isPdfParserNoise(['Invalid object ref: 2 0 R', { extra: true }])).toBe(false);
    expect(isPdfParserNoise([new Error('Trying to parse invalid object: x')])).toBe(false);
  });

  it('no longer reach the console once quieted; other warnings still do', async () => {
    const target = { warn: vi.fn() } as unknown as Console;
    const seen = target.warn as ReturnType<typeof vi.fn>;
    quietPdfParser(target);
    quietPdfParser(target); // twice is once
    target.warn('Invalid object ref: 2 0 R');
    target.warn('a real warning');
    expect(seen.mock.calls).toEqual([['a real warning']]);

    // The fixture really prints them, unquieted.
    const loud = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    await PDFDocument.load(damaged);
    expect(loud.mock.calls.flat().join('\n')).toMatch(/Trying to parse invalid object/);
  });
});

describe('the worker threads that parse untrusted PDFs', () => {
  const inspector = new PdfInspector({ maxHeapMb: 1024, timeoutMs: 60_000 });
  const validator = new PdfValidator({ workers: 1, maxHeapMb: 1024, timeoutMs: 60_000, maxQueue: 1 });
  afterAll(async () => {
    await inspector.close();
    await validator.close();
  });

  it("print none of pdf-lib's notes about a damaged file", async () => {
    const written: string[] = [];
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream) as (...args: unknown[]) => boolean;
      vi.spyOn(stream, 'write').mockImplementation(((chunk: unknown, ...rest: unknown[]) => {
        written.push(String(chunk));
        return write(chunk, ...rest);
      }) as typeof stream.write);
    }
    await expect(inspector.inspect(Buffer.from(damaged), { maxPages: 500 })).resolves.toMatchObject({
      pageCount: expect.any(Number),
    });
    await expect(
      validator.validate(Buffer.from(damaged), { maxPages: 500, anchors: { instance: [], system: [] } }),
    ).resolves.toBeDefined();
    expect(written.join('')).not.toMatch(/Trying to parse invalid object|Invalid object ref/);
  });
});
