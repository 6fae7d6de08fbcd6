import 'server-only';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import type { TInspectPdfOptions } from '@/lib/pdf/inspect-pdf';
import type { TInspectReply, TInspectRequest } from '@/lib/pdf/inspect-pdf-protocol';
import { Semaphore } from '@/lib/server/concurrency/semaphore';

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
export type TPdfCheck = { pageCount: number; strippedScripts: string[]; rewritten: Uint8Array | null; repaired: Uint8Array | null; repairs: string[] };

type TJob = { resolve: (result: TPdfCheck) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * Waits stay far below the leftover sweeper's hour (see sweep-upload-leftovers.ts);
 * a burst of a few uploads per core still queues rather than being turned away.
 */
const DEFAULTS: TPdfInspectorOptions = { maxHeapMb: 1024, timeoutMs: 60_000, maxQueue: 16, maxWaitMs: 60_000 };
const RETRY_AFTER_SECONDS = 10;

/** A worker script that registers tsx's loader, then imports the TypeScript entry (run from source: unit tests, benches). */
const fromSource = (entry: URL) => `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;

const busy = () =>
  new AppError('SERVICE_UNAVAILABLE', 'The server is busy checking other PDFs; try again in a few seconds.', { retryAfterSeconds: RETRY_AFTER_SECONDS });

/**
 * Runs lib/pdf/inspect-pdf.ts in a worker thread, one PDF at a time. pdf-lib
 * parses a file in one go (5-20 ms for 10 MB, more for larger ones), and on
 * the request thread that stalls every other request and the upload's own blob
 * writes. Uploads hand it their bytes in shared memory (see spool-upload.ts),
 * so nothing is copied either way. In the worker it uses the other core instead, and a hostile file that
 * exhausts memory or time kills the worker, not the server: the PDF is refused
 * and the next one gets a fresh worker.
 */
export class PdfInspector {
  private worker: Worker | null = null;
  /** The worker's one slot; its waiting room is the queue (only PDFs that wait count, not the one being inspected). */
  private readonly slot: Semaphore;
  private current: TJob | null = null;

  private readonly options: TPdfInspectorOptions;

  constructor(options: Partial<TPdfInspectorOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.slot = new Semaphore(1, { maxWaiting: this.options.maxQueue, maxWaitMs: this.options.maxWaitMs, busy });
  }

  /**
   * Inspects `bytes` (see inspectPdf). Bytes in a SharedArrayBuffer are read in
   * place by the worker (the caller must not change them until this settles);
   * any other bytes are copied to it. The caller's bytes are never taken away.
   */
  inspect(bytes: Uint8Array, options: TInspectPdfOptions): Promise<TPdfCheck> {
    return this.slot.run(() => this.run(bytes, options.maxPages));
  }

  /** Stops the worker (tests); a PDF it had is refused, a later inspect starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.finish()?.reject(new Error('the PDF inspection worker was closed'));
    await worker?.terminate();
  }

  /** One PDF on the worker, in the slot: settled by its reply, or by the timeout or the worker's loss. */
  private run(bytes: Uint8Array, maxPages: number): Promise<TPdfCheck> {
    const worker = this.start();
    worker.ref();
    return new Promise<TPdfCheck>((resolve, reject) => {
      const timer = setTimeout(() => {
        const seconds = Math.round(this.options.timeoutMs / 1000);
        this.replaceWorker(new AppError('UNSAFE_FILE', `The PDF could not be read within ${seconds} s.`));
      }, this.options.timeoutMs);
      this.current = { resolve, reject, timer };
      if (bytes.buffer instanceof SharedArrayBuffer) {
        worker.postMessage({ bytes, maxPages } satisfies TInspectRequest);
      } else {
        // A copy of just the view (not of the whole buffer behind it, e.g. Node's pool), moved to the worker.
        const copy = new Uint8Array(bytes);
        worker.postMessage({ bytes: copy, maxPages } satisfies TInspectRequest, [copy.buffer]);
      }
    }).finally(() => {
      // Idle, the worker must not keep a finishing process (a script, a test) alive; the next PDF refs it again.
      this.worker?.unref();
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const resourceLimits = { maxOldGenerationSizeMb: this.options.maxHeapMb };
    // Next bundles the worker entry into JavaScript (it recognises this exact `new Worker(new URL(…))`).
    // Run from source (unit tests, benches) the entry is TypeScript: tsx's loader is registered first.
    const worker = process.env.NEXT_RUNTIME
      ? new Worker(new URL('../../pdf/inspect-pdf.worker.ts', import.meta.url), { resourceLimits })
      : new Worker(fromSource(new URL('../../pdf/inspect-pdf.worker.ts', import.meta.url)), { eval: true, resourceLimits });
    worker.on('message', (reply: TInspectReply) => {
      if (this.worker === worker) this.settle(reply);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.replaceWorker(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('UNSAFE_FILE', 'The PDF needs more memory to read than a document may use.')
          : new Error(`the PDF inspection worker failed: ${error.message}`, { cause: error }),
      );
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.replaceWorker(new Error(`the PDF inspection worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

  private settle(reply: TInspectReply): void {
    const current = this.finish();
    if (!current) return;
    if (reply.ok) {
      const { pageCount, strippedScripts, rewritten, repaired, repairs } = reply;
      current.resolve({ pageCount, strippedScripts, rewritten, repaired, repairs });
    }
    else current.reject(reply.code ? new AppError(reply.code, reply.detail) : new Error(reply.detail ?? 'the PDF inspection failed'));
  }

  /** The worker is stopped: the job it had fails with `error`, the queue goes on with a new worker. */
  private replaceWorker(error: Error): void {
    const worker = this.worker;
    this.worker = null;
    void worker?.terminate();
    this.finish()?.reject(error);
  }

  private finish(): TJob | null {
    const current = this.current;
    if (!current) return null;
    clearTimeout(current.timer);
    this.current = null;
    return current;
  }
}

const holder = globalThis as typeof globalThis & { signetPdfInspector?: PdfInspector };

/** The process-wide inspector: one worker, PDFs inspected one after another. */
export function getPdfInspector(): PdfInspector {
  holder.signetPdfInspector ??= new PdfInspector();
  return holder.signetPdfInspector;
}
