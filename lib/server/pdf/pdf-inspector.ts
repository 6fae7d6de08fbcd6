import 'server-only';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import type { TInspectPdfOptions } from '@/lib/server/pdf/inspect-pdf';
import type { TInspectReply, TInspectRequest } from '@/lib/server/pdf/inspect-pdf-protocol';
import { type TSpawnWorker, WorkerPool, workerCopy, workerSourceScript } from '@/lib/server/concurrency/worker-pool';

export type TPdfInspectorOptions = {
  /** Heap the worker may use; a PDF that needs more is refused and the worker replaced. */
  maxHeapMb: number;
  /** Time one inspection may take; past it the worker is stopped and the PDF refused. */
  timeoutMs: number;
  /** PDFs that may wait for the worker; one more is refused at once with 503 and Retry-After. */
  maxQueue?: number;
  /** How long a PDF may wait for the worker before it is refused the same way. */
  maxWaitMs?: number;
};

/**
 * What inspectPdf found; `rewritten` is the PDF without its scripts, null when
 * the PDF needed no change; `repaired` the damaged input rewritten (to store in
 * its place), with `repairs` saying what was wrong.
 */
export type TPdfCheck = {
  pageCount: number;
  strippedScripts: string[];
  rewritten: Uint8Array | null;
  repaired: Uint8Array | null;
  repairs: string[];
};

/**
 * Waits stay far below the leftover sweeper's hour (see sweep-upload-leftovers.ts);
 * a burst of a few uploads per core still queues rather than being turned away.
 */
const DEFAULTS = { maxHeapMb: 1024, timeoutMs: 60_000, maxQueue: 16, maxWaitMs: 60_000 };
const RETRY_AFTER_SECONDS = 10;

// Next bundles the worker entry into JavaScript (it recognises this exact `new Worker(new URL(…))`).
// Run from source (unit tests, benches) the entry is TypeScript: see workerSourceScript.
const spawnInspector: TSpawnWorker = ({ resourceLimits }) =>
  process.env.NEXT_RUNTIME
    ? new Worker(new URL('./inspect-pdf.worker.ts', import.meta.url), { resourceLimits })
    : new Worker(workerSourceScript(new URL('./inspect-pdf.worker.ts', import.meta.url)), {
        eval: true,
        resourceLimits,
      });

const ERRORS = {
  busy: () =>
    new AppError('SERVICE_UNAVAILABLE', 'The server is busy checking other PDFs; try again in a few seconds.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    }),
  timedOut: (timeoutMs: number) =>
    new AppError('UNSAFE_FILE', `The PDF could not be read within ${Math.round(timeoutMs / 1000)} s.`),
  outOfMemory: () => new AppError('UNSAFE_FILE', 'The PDF needs more memory to read than a document may use.'),
  failed: (what: string, cause?: unknown) => new Error(`the PDF inspection worker failed: ${what}`, { cause }),
};

/**
 * Runs lib/server/pdf/inspect-pdf.ts in a worker thread, one PDF at a time. pdf-lib
 * parses a file in one go (5-20 ms for 10 MB, more for larger ones), and on
 * the request thread that stalls every other request and the upload's own blob
 * writes. Uploads hand it their bytes in shared memory (see spool-upload.ts),
 * so nothing is copied either way. In the worker it uses the other core instead, and a hostile file that
 * exhausts memory or time kills the worker, not the server: the PDF is refused
 * and the next one gets a fresh worker (lib/server/concurrency/worker-pool.ts).
 */
export class PdfInspector {
  private readonly pool: WorkerPool<TInspectRequest, TInspectReply>;

  constructor(options: Partial<TPdfInspectorOptions> = {}) {
    this.pool = new WorkerPool(spawnInspector, { ...DEFAULTS, ...options, workers: 1 }, ERRORS);
  }

  /**
   * Inspects `bytes` (see inspectPdf). Bytes in a SharedArrayBuffer are read in
   * place by the worker (the caller must not change them until this settles);
   * any other bytes are copied to it. The caller's bytes are never taken away.
   */
  async inspect(bytes: Uint8Array, options: TInspectPdfOptions): Promise<TPdfCheck> {
    const { message, transfer } = workerCopy(bytes);
    const reply = await this.pool.run({ bytes: message, maxPages: options.maxPages }, transfer);
    if (!reply.ok)
      throw reply.code
        ? new AppError(reply.code, reply.detail)
        : new Error(reply.detail ?? 'the PDF inspection failed');
    const { pageCount, strippedScripts, rewritten, repaired, repairs } = reply;
    return { pageCount, strippedScripts, rewritten, repaired, repairs };
  }

  /** Stops the worker (tests); a PDF it had is refused, a later inspect starts a new one. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

const holder = globalThis as typeof globalThis & { signetPdfInspector?: PdfInspector };

/** The process-wide inspector: one worker, PDFs inspected one after another. */
export function getPdfInspector(): PdfInspector {
  holder.signetPdfInspector ??= new PdfInspector();
  return holder.signetPdfInspector;
}
