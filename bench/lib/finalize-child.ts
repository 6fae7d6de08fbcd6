// Child of bench/finalize.bench.ts, bundled by it with esbuild and run by plain Node (as `next start`
// runs the server's bundled code; under tsx, its loader alone adds ~160 MB of resident memory when
// @libpdf/core loads), on the app's database and data folder (DATABASE_URL, DATA_DIR). Two modes,
// each in a process of its own so neither's memory counts against the other:
//   baseline <id>: pdf-lib load + save of the document's working PDF (median of 5), paced as finalize paces it and with pdf-lib's defaults
//   finalize <warm-up id> <id> …: `document.finalize` of each document as the job runner calls it, the
//     first one not measured (fonts parsed, modules compiled, as in a worker that has been running); before
//     each measured one, the floor: what any finalize of this file does however it is built
// Prints one line, RESULT {json}.
import { writeFileSync } from 'node:fs';
import { PDFDocument } from 'pdf-lib';
import { db } from '@/lib/server/db/client';
import { workingPdfBlob } from '@/lib/server/documents/working-pdf-blob';
import { buildCertificate } from '@/lib/server/pdf/certificate/build-certificate';
import { OBJECTS_PER_TICK } from '@/lib/server/pdf/objects-per-tick';
import { finalizeDocument } from '@/lib/server/finalize/finalize-document';
import { productionFinalizeSteps, type TFinalizeSteps } from '@/lib/server/finalize/finalize-steps';
import { readSealableInput } from '@/lib/server/finalize/read-sealable-input';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { sealWithInstanceKey } from '@/lib/server/finalize/seal-with-instance-key';

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function timed<T>(run: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await run();
  return [value, performance.now() - started];
}

async function workingPdf(id: string): Promise<Uint8Array> {
  const document = await db.document.findUniqueOrThrow({ where: { id } });
  return getBlobStore().get(workingPdfBlob(document).key);
}

/**
 * pdf-lib load + save of the working PDF, median of 5, two ways, alternating: pacing its work as finalize
 * does (OBJECTS_PER_TICK, the ratio's baseline: like against like), and with pdf-lib's defaults (printed
 * too: they yield to the event loop every 100 / 50 objects, each yield a 1 ms timer).
 */
async function baseline(id: string) {
  const bytes = await workingPdf(id);
  const paced: number[] = [];
  const defaults: number[] = [];
  for (let run = 0; run < 5; run++) {
    paced.push(
      (
        await timed(async () =>
          (await PDFDocument.load(bytes, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK })).save({
            objectsPerTick: OBJECTS_PER_TICK,
          }),
        )
      )[1],
    );
    defaults.push((await timed(async () => (await PDFDocument.load(bytes, { updateMetadata: false })).save()))[1]);
  }
  return { bytes: bytes.byteLength, baselineMs: median(paced), defaultsMs: median(defaults) };
}

/**
 * The floor: the parts of a finalize that no way of building it avoids, each
 * done once for the document: reading what it is built from (the working PDF
 * decrypted and checked, the records, the audit trail), one pdf-lib parse of
 * the PDF (the values must be drawn into it), the certificate of completion on
 * its own (a fixed cost: typesetting a few pages, whatever the file's size),
 * the seal alone on the working PDF (libpdf parses and hashes the whole file),
 * and one durable encrypted write of the result. Nothing is kept.
 */
async function floor(id: string) {
  const completedAt = new Date();
  const [input, readMs] = await timed(() => readSealableInput(id, { completedAt }));
  const [, parseMs] = await timed(() =>
    PDFDocument.load(input.pdf, { updateMetadata: false, parseSpeed: OBJECTS_PER_TICK }),
  );
  const certificate = {
    ...input.certificate,
    document: { ...input.certificate.document, flattenedSha256: '0'.repeat(64), flattenedLength: input.pdf.length },
  };
  const [, certificateMs] = await timed(() => buildCertificate(certificate, input.t));
  const [sealed, sealMs] = await timed(() => sealWithInstanceKey(input.pdf));
  const key = `bench/floor-${id}.pdf`;
  const [, writeMs] = await timed(() => getBlobStore().put(key, sealed.bytes));
  await getBlobStore().delete(key);
  return { readMs, parseMs, certificateMs, sealMs, writeMs };
}

/** The product's steps, timed: where the finalize time goes (a diagnosis beside the bar). */
const spent = { prepareMs: 0, sealMs: 0 };
const timedSteps: TFinalizeSteps = {
  prepare: async (id, options) => {
    const [prepared, ms] = await timed(() => productionFinalizeSteps.prepare(id, options));
    spent.prepareMs = ms;
    return prepared;
  },
  seal: async (bytes, options) => {
    const [sealed, ms] = await timed(() => productionFinalizeSteps.seal(bytes, options));
    spent.sealMs = ms;
    return sealed;
  },
};

async function finalize(id: string) {
  const [outcome, ms] = await timed(() =>
    finalizeDocument(id, { attempt: 1, maxAttempts: 5, signal: new AbortController().signal }, { steps: timedSteps }),
  );
  if (outcome !== 'completed') throw new Error(`finalize ${id}: ${outcome}`);
  return { ms, ...spent };
}

async function finalizeAll(warmUp: string, measured: string[]) {
  const warmUpMs = (await finalize(warmUp)).ms;
  // Each document's floor right after its finalize, so the finalize meets this document's text before anything
  // else laid it out, as in production. Finalizing deletes the working PDF; it is put back for the floor, untimed.
  const floors = [];
  const runs = [];
  for (const id of measured) {
    const working = workingPdfBlob(await db.document.findUniqueOrThrow({ where: { id } })).key;
    const bytes = await getBlobStore().get(working);
    runs.push(await finalize(id));
    await getBlobStore().put(working, bytes);
    floors.push(await floor(id));
    await getBlobStore().delete(working);
  }
  const floorParts = {
    readMs: median(floors.map((part) => part.readMs)),
    parseMs: median(floors.map((part) => part.parseMs)),
    certificateMs: median(floors.map((part) => part.certificateMs)),
    sealMs: median(floors.map((part) => part.sealMs)),
    writeMs: median(floors.map((part) => part.writeMs)),
  };
  const last = await db.document.findUniqueOrThrow({ where: { id: measured.at(-1)! } });
  const sealedPdf = last.sealedBlob ? await getBlobStore().get(last.sealedBlob) : null;
  if (process.env.BENCH_OUT && sealedPdf) writeFileSync(process.env.BENCH_OUT, sealedPdf);
  return {
    warmUpMs,
    finalizeMs: median(runs.map((run) => run.ms)),
    runsMs: runs.map((run) => Math.round(run.ms)),
    prepareMs: median(runs.map((run) => run.prepareMs)),
    sealMs: median(runs.map((run) => run.sealMs)),
    floor: floorParts,
    level: last.sealLevel,
    sealedBytes: sealedPdf?.byteLength ?? null,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  };
}

async function main() {
  const [mode, first, ...rest] = process.argv.slice(2);
  if (mode === 'baseline' && first) console.log(`RESULT ${JSON.stringify(await baseline(first))}`);
  else if (mode === 'finalize' && first && rest.length)
    console.log(`RESULT ${JSON.stringify(await finalizeAll(first, rest))}`);
  else throw new Error('usage: finalize-child baseline <id> | finalize <warm-up id> <id> …');
  await db.$disconnect();
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
