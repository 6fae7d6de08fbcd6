// The validator's engine in its worker thread (lib/server/validate/pdf-validator.ts), as the route uses it: the same
// report as validatePdf, the upload checks' refusals, and the answers for files past its memory or time budget.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PdfValidator } from '@/lib/server/validate/pdf-validator';
import { validatePdf } from '@/lib/server/validate/validate-pdf';
import { encryptPdf } from '@/tests/fixtures/pdf-files';
import { foreignCms, manyRevisionsPdf } from '@/tests/fixtures/hostile-signed-pdfs';
import { makeTestPki, type TTestPki } from '@/tests/fixtures/test-pki';
import { anchors, appendPage, plainPdf, signWithLibpdf } from './helpers';

const limits = { maxPages: 500 };
let pki: TTestPki;
let signed: Uint8Array;
const validators: PdfValidator[] = [];

function validator(options: Partial<ConstructorParameters<typeof PdfValidator>[0]> = {}) {
  const created = new PdfValidator({ workers: 1, maxHeapMb: 512, timeoutMs: 60_000, maxQueue: 8, ...options });
  validators.push(created);
  return created;
}

beforeAll(async () => {
  pki = makeTestPki('Validator Worker Root');
  signed = await signWithLibpdf(await plainPdf(1), pki);
});

afterAll(async () => {
  await Promise.all(validators.map((item) => item.close()));
});

describe('PdfValidator (worker thread)', () => {
  it('answers what validatePdf answers, with the file’s evidence beside it', async () => {
    const worker = validator();
    const trust = anchors({ instance: [pki.caPem] });
    const modified = await appendPage(signed);
    for (const bytes of [signed, modified, await plainPdf(1)]) {
      const { report, evidence } = await worker.validate(bytes, { ...limits, anchors: trust });
      expect(report).toEqual(await validatePdf(bytes, { anchors: trust }));
      expect(evidence).toEqual({
        sha256: createHash('sha256').update(bytes).digest('hex'),
        audit: null,
        biometric: null,
      });
    }
  }, 60_000);

  it('refuses like an upload: encrypted, damaged', async () => {
    const worker = validator();
    await expect(
      worker.validate(encryptPdf(Buffer.from(signed)), { ...limits, anchors: anchors() }),
    ).rejects.toMatchObject({ name: 'AppError', code: 'ENCRYPTED_FILE' });
    await expect(worker.validate(signed.subarray(0, 300), { ...limits, anchors: anchors() })).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
  }, 60_000);

  it('a file that takes longer than the budget: 422 TOO_COMPLEX, and the next file is validated by a fresh worker', async () => {
    // Wall-clock from the moment the file has its worker, a replacement's loading included (from source: seconds).
    const worker = validator({ timeoutMs: 6000 });
    const heavy = manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 64, bulk: 400_000 });
    await expect(worker.validate(heavy, { ...limits, anchors: anchors() })).rejects.toMatchObject({
      code: 'TOO_COMPLEX',
      status: 422,
      detail: expect.stringMatching(/too complex to validate.*6 s/),
    });
    await expect(worker.validate(signed, { ...limits, anchors: anchors() })).resolves.toMatchObject({
      report: { verdict: 'valid' },
    });
  }, 120_000);

  it('a file that needs more memory than allowed: 422 TOO_COMPLEX', async () => {
    const worker = validator({ maxHeapMb: 64 });
    const heavy = manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 4, bulk: 1_500_000 });
    await expect(worker.validate(heavy, { ...limits, anchors: anchors() })).rejects.toMatchObject({
      code: 'TOO_COMPLEX',
      detail: expect.stringMatching(/memory/),
    });
    await expect(worker.validate(signed, { ...limits, anchors: anchors() })).resolves.toMatchObject({
      report: { verdict: 'valid' },
    });
  }, 120_000);

  it('busy: a full queue is answered 503 with Retry-After at once', async () => {
    const worker = validator({ maxQueue: 1 });
    const heavy = manyRevisionsPdf({ cms: foreignCms(pki) }, { count: 8, bulk: 100_000 });
    const running = worker.validate(heavy, { ...limits, anchors: anchors() });
    const waiting = worker.validate(signed, { ...limits, anchors: anchors() });
    await expect(worker.validate(signed, { ...limits, anchors: anchors() })).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      status: 503,
      retryAfterSeconds: expect.any(Number),
    });
    await expect(Promise.all([running, waiting])).resolves.toHaveLength(2);
  }, 120_000);
});
