import 'server-only';
import { Worker } from 'node:worker_threads';
import type { TValidationReport } from '@/lib/api/v1/validate';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { Semaphore } from '@/lib/server/concurrency/semaphore';
import {
  type TSpawnWorker,
  type TWorkerPoolOptions,
  WorkerPool,
  workerCopy,
  workerSourceScript,
} from '@/lib/server/concurrency/worker-pool';
import type { TSignetEvidence } from './read-signet-evidence';
import type { TTrustAnchors } from './trust-anchors';
import type { TValidateReply, TValidateRequest } from './validate-protocol';

export type TPdfValidatorOptions = Pick<TWorkerPoolOptions, 'workers' | 'maxHeapMb' | 'timeoutMs' | 'maxQueue'>;

const RETRY_AFTER_SECONDS = 10;
const duration = (ms: number) => (ms < 1000 ? `${ms} ms` : `${Math.round(ms / 100) / 10} s`);

// Next bundles the worker entry into JavaScript (it recognises this exact `new Worker(new URL(…))`).
// Run from source (unit tests) the entry is TypeScript: see workerSourceScript.
const spawnValidator: TSpawnWorker = ({ resourceLimits }) =>
  process.env.NEXT_RUNTIME
    ? new Worker(new URL('./validate-upload.worker.ts', import.meta.url), { resourceLimits })
    : new Worker(workerSourceScript(new URL('./validate-upload.worker.ts', import.meta.url)), {
        eval: true,
        resourceLimits,
      });

const ERRORS = {
  busy: () =>
    new AppError('SERVICE_UNAVAILABLE', 'The validator is busy checking other PDFs; try again in a few seconds.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    }),
  timedOut: (timeoutMs: number) =>
    new AppError(
      'TOO_COMPLEX',
      `The PDF is too complex to validate: checking it takes longer than the ${duration(timeoutMs)} a validation may take.`,
    ),
  outOfMemory: () =>
    new AppError(
      'TOO_COMPLEX',
      'The PDF is too complex to validate: checking it needs more memory than a validation may use.',
    ),
  failed: (what: string, cause?: unknown) => new Error(`the PDF validation worker failed: ${what}`, { cause }),
};

/**
 * The public validator's engine off the request thread (anyone may send any
 * PDF, anonymously): the upload checks, every signature, and the file's own
 * evidence run in a worker thread with a heap cap and a time budget, behind a
 * bounded queue (lib/server/concurrency/worker-pool.ts). A file past the cap
 * or the budget is answered 422 TOO_COMPLEX and its worker terminated; a full
 * queue, or a wait longer than one budget, 503 with Retry-After. The process
 * (its other requests, its in-process jobs) never waits for a validation.
 */
export class PdfValidator {
  private readonly pool: WorkerPool<TValidateRequest, TValidateReply>;
  private readonly admission: Semaphore;

  constructor(options: TPdfValidatorOptions) {
    // A request waits at most one budget for a worker: answered within about twice the budget in all (plus a
    // worker's start-up, for the first file and the one right after a file was cut off).
    this.pool = new WorkerPool(spawnValidator, { ...options, maxWaitMs: options.timeoutMs }, ERRORS);
    // No waiting here: past the places the pool can run and queue, a file is refused at once.
    this.admission = new Semaphore(options.workers + options.maxQueue, { maxWaiting: 0, busy: ERRORS.busy });
  }

  /**
   * A place for one file, taken before its body is read and given back with
   * the returned function: as many as may run and wait in the pool, so a
   * saturated validator answers 503 without first holding up to the upload
   * limit in memory for each file it would then refuse.
   */
  admit(): Promise<() => void> {
    return this.admission.acquire();
  }

  /** Validates `bytes` (read in place when in shared memory, else copied; never taken from the caller). */
  async validate(
    bytes: Uint8Array,
    options: { maxPages: number; anchors: TTrustAnchors },
  ): Promise<{ report: TValidationReport; evidence: TSignetEvidence }> {
    const { message, transfer } = workerCopy(bytes);
    const reply = await this.pool.run(
      { bytes: message, maxPages: options.maxPages, anchors: options.anchors },
      transfer,
    );
    if (!reply.ok)
      throw reply.code
        ? new AppError(reply.code, reply.detail)
        : new Error(reply.detail ?? 'the PDF validation failed');
    return { report: reply.report, evidence: reply.evidence };
  }

  /** Stops its workers (tests). */
  close(): Promise<void> {
    return this.pool.close();
  }
}

/** The limits from the environment (lib/env.ts; docs/configuration.md). */
export function validatorOptions(): TPdfValidatorOptions {
  const env = getEnv();
  return {
    workers: env.VALIDATE_WORKERS,
    maxHeapMb: env.VALIDATE_MAX_HEAP_MB,
    timeoutMs: env.VALIDATE_TIMEOUT_MS,
    maxQueue: env.VALIDATE_MAX_QUEUE,
  };
}

const holder = globalThis as typeof globalThis & { signetPdfValidator?: PdfValidator };

/** The process-wide validator. */
export function getPdfValidator(): PdfValidator {
  holder.signetPdfValidator ??= new PdfValidator(validatorOptions());
  return holder.signetPdfValidator;
}
