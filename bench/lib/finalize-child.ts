// Child of bench/finalize.bench.ts, run on the app's database and data folder (DATABASE_URL,
// DATA_DIR): the baseline (pdf-lib load + save of the document's working PDF, median of 5), then
// `document.finalize` of a warm-up document and of the measured one, as the job runner calls it.
// Prints one JSON line; its peak resident memory is this process's, modules and warm-up included.
import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { db } from '@/lib/server/db/client';
import { finalizeDocument } from '@/lib/server/finalize/finalize-document';
import { productionFinalizeSteps, type TFinalizeSteps } from '@/lib/server/finalize/finalize-steps';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

const [warmUp, measured] = process.argv.slice(2);
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

/** The product's steps, timed: where the finalize time goes (a diagnosis beside the bar). */
const spent = { prepareMs: 0, sealMs: 0 };
const timedSteps: TFinalizeSteps = {
  prepare: async (id, options) => {
    const started = performance.now();
    try {
      return await productionFinalizeSteps.prepare(id, options);
    } finally {
      spent.prepareMs = performance.now() - started;
    }
  },
  seal: async (bytes, options) => {
    const started = performance.now();
    try {
      return await productionFinalizeSteps.seal(bytes, options);
    } finally {
      spent.sealMs = performance.now() - started;
    }
  },
};

async function finalize(id: string) {
  const started = performance.now();
  const outcome = await finalizeDocument(id, { attempt: 1, maxAttempts: 5, signal: new AbortController().signal }, { steps: timedSteps });
  const ms = performance.now() - started;
  if (outcome !== 'completed') throw new Error(`finalize ${id}: ${outcome}`);
  return { ms, ...spent };
}

async function main() {
  if (!warmUp || !measured) throw new Error('usage: finalize-child <warm-up document id> <measured document id>');
  const document = await db.document.findUniqueOrThrow({ where: { id: measured } });
  const bytes = await getBlobStore().get(document.currentBlob ?? document.originalBlob);
  const baseline: number[] = [];
  for (let run = 0; run < 5; run++) {
    const started = performance.now();
    await (await PDFDocument.load(bytes, { updateMetadata: false })).save();
    baseline.push(performance.now() - started);
  }
  const warmUpMs = (await finalize(warmUp)).ms;
  const { ms: finalizeMs, prepareMs, sealMs } = await finalize(measured);
  const sealed = await db.document.findUniqueOrThrow({ where: { id: measured } });
  const sealedPdf = sealed.sealedBlob ? await getBlobStore().get(sealed.sealedBlob) : null;
  if (process.env.BENCH_OUT && sealedPdf) writeFileSync(process.env.BENCH_OUT, sealedPdf);
  const result = {
    bytes: bytes.byteLength,
    baselineMs: median(baseline),
    warmUpMs,
    finalizeMs,
    prepareMs,
    sealMs,
    level: sealed.sealLevel,
    sealedBytes: sealedPdf?.byteLength ?? null,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
  console.log(`RESULT ${JSON.stringify(result)}`);
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
