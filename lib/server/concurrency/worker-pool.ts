import 'server-only';
import type { ResourceLimits, Transferable, Worker } from 'node:worker_threads';
import { WORKER_READY } from '@/lib/worker-ready';
import { Semaphore } from './semaphore';

export type TWorkerPoolOptions = {
  /** Worker threads run at once; each takes one job at a time. */
  workers: number;
  /** Heap (old generation) each worker may use; a job that needs more kills its worker and fails with `outOfMemory`. */
  maxHeapMb: number;
  /** Time one job may take; past it the worker is terminated and the job fails with `timedOut`. */
  timeoutMs: number;
  /** Jobs that may wait for a worker; one more is refused at once with `busy`. */
  maxQueue: number;
  /** How long a job may wait for a worker before it is refused with `busy`. */
  maxWaitMs: number;
  /** How long a worker may stay idle before it is stopped (a later job starts a new one); default IDLE_MS. */
  idleMs?: number;
  /** A worker whose heap a job left larger than this is stopped once the job is done; default RECYCLE_HEAP_MB. */
  recycleHeapMb?: number;
};

/** What a caller's jobs fail with: its own words (and codes) for its own users. */
export type TWorkerPoolErrors = {
  busy: () => Error;
  timedOut: (timeoutMs: number) => Error;
  outOfMemory: () => Error;
  /** A worker that failed otherwise (a bug, not the input): `what` says how. */
  failed: (what: string, cause?: unknown) => Error;
};

/**
 * Starts one worker thread running `entry`. Under Next the caller must write
 * `new Worker(new URL('./x.worker.ts', import.meta.url), options)` itself (the
 * bundler recognises that exact expression and bundles the entry), so the pool
 * is handed a function that does; from source, see workerSourceScript.
 */
export type TSpawnWorker = (options: { resourceLimits: ResourceLimits }) => Worker;

type TJob = { resolve: (reply: unknown) => void; reject: (error: Error) => void; timer: NodeJS.Timeout | null };
type TSlot = { worker: Worker; job: TJob | null; started: boolean; idleTimer: NodeJS.Timeout | null };

/**
 * A worker that has not loaded its modules within this is broken (the
 * server's fault, not a job's): the one limit on start-up, which never counts
 * against a job's own budget.
 */
const START_LIMIT_MS = 60_000;

/**
 * An idle worker keeps the heap its last job grew (up to its cap: hundreds of MB after a large file), so
 * one not used for this long is stopped: a server that validated or inspected a big file goes back to its
 * resting memory, at the cost of one worker start (well under a second) for the next job after a quiet spell.
 */
const IDLE_MS = 60_000;

/**
 * A job on a large file leaves its worker's heap grown (V8 keeps what it grew, up to the cap), and Node does not
 * give a stopped worker's heap back to the system either: the process keeps its high-water mark, which later
 * workers reuse. So a worker left with more than this after a job is stopped at once rather than after IDLE_MS,
 * and its pages go to the next worker instead of sitting beside it (a fresh validator worker holds about 40 MB,
 * heap and buffers; the cost is one worker start, well under a second, after large files only). Measured on the
 * running app after the upload specs, the public validator's crafted files peaked at 800 MB with 48 MB here, against
 * 880 MB with 96 MB.
 */
const RECYCLE_HEAP_MB = 48;

/**
 * Run from source (unit tests, benches, scripts) a worker entry is TypeScript:
 * the worker registers tsx's loader first, and resolves 'server-only' to an
 * empty module as vitest.config.ts and scripts/lib/server-only-register.mjs do
 * (outside Next that package throws on import).
 */
export function workerSourceScript(entry: URL): string {
  const hooks = `export async function resolve(specifier, context, next) {
    return specifier === 'server-only' ? { url: 'data:text/javascript,', format: 'module', shortCircuit: true } : next(specifier, context);
  }`;
  return [
    `import('node:module')`,
    `.then(({ register }) => register(${JSON.stringify(`data:text/javascript,${encodeURIComponent(hooks)}`)}))`,
    `.then(() => import('tsx/esm/api'))`,
    `.then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`,
  ].join('');
}

/**
 * Bytes for a worker: a view on shared memory goes as it is (read in place);
 * anything else as a copy of just the view (not of the whole buffer behind it,
 * e.g. Node's pool), moved to the worker. The caller's bytes stay theirs.
 */
export function workerCopy(bytes: Uint8Array): { message: Uint8Array; transfer: ArrayBuffer[] } {
  if (bytes.buffer instanceof SharedArrayBuffer) return { message: bytes, transfer: [] };
  const copy = new Uint8Array(bytes);
  return { message: copy, transfer: [copy.buffer] };
}

/**
 * Runs jobs on worker threads, one job per worker at a time, for work on
 * untrusted input that must neither stall the request thread nor take the
 * process down: each worker has a heap cap (`resourceLimits`), each job a
 * wall-clock budget, and the queue before them is bounded. A worker that runs
 * out of heap or time is terminated, its job fails with the caller's error,
 * and a fresh worker takes the next job; the process and its other requests
 * (and in-process jobs) go on. Idle workers stay, unreferenced, for the next job, until IDLE_MS.
 *
 * Each job is a message posted to a worker, which answers it with exactly
 * one message, resolved as it is (the caller's protocol). Before any, a
 * worker sends WORKER_READY (lib/worker-ready.ts) once loaded: only a worker
 * that got that far is replaced at once when it is stopped.
 */
export class WorkerPool<TRequest, TReply> {
  private readonly idle: TSlot[] = [];
  private readonly busySlots = new Set<TSlot>();
  private readonly slots: Semaphore;

  constructor(
    private readonly spawn: TSpawnWorker,
    readonly options: TWorkerPoolOptions,
    private readonly errors: TWorkerPoolErrors,
  ) {
    this.slots = new Semaphore(options.workers, {
      maxWaiting: options.maxQueue,
      maxWaitMs: options.maxWaitMs,
      busy: errors.busy,
    });
  }

  /**
   * Runs one job: `request` is posted to a free worker with `transfer` moved
   * (not copied) to it; resolves with the worker's answer, or rejects with the
   * pool's errors when it waited too long, timed out, ran out of memory or
   * the worker failed.
   */
  run(request: TRequest, transfer: readonly Transferable[] = []): Promise<TReply> {
    return this.slots.run(() => this.onWorker(request, transfer));
  }

  /** Stops every worker (tests, shutdown); their jobs fail, a later job starts new ones. */
  async close(): Promise<void> {
    const all = [...this.idle, ...this.busySlots];
    this.idle.length = 0;
    this.busySlots.clear();
    for (const slot of all) {
      this.unpark(slot);
      this.finish(slot)?.reject(new Error('the worker pool was closed'));
    }
    await Promise.all(all.map((slot) => slot.worker.terminate()));
  }

  private onWorker(request: TRequest, transfer: readonly Transferable[]): Promise<TReply> {
    const slot = this.idle.pop() ?? this.start();
    this.unpark(slot);
    this.busySlots.add(slot);
    slot.worker.ref();
    return new Promise<TReply>((resolve, reject) => {
      slot.job = { resolve: resolve as (reply: unknown) => void, reject, timer: null };
      // Wall-clock from the moment the worker can read the job (it reads the message once loaded): a worker
      // still loading (the first, or a replacement) does not eat the file's budget; START_LIMIT_MS bounds that.
      if (slot.started) this.startBudget(slot);
      try {
        slot.worker.postMessage(request, transfer);
      } catch (error) {
        // Not cloneable: the caller's bug; the worker never saw it and stays usable.
        this.finish(slot);
        this.release(slot);
        reject(error as Error);
      }
    });
  }

  private start(): TSlot {
    const worker = this.spawn({ resourceLimits: { maxOldGenerationSizeMb: this.options.maxHeapMb } });
    const slot: TSlot = { worker, job: null, started: false, idleTimer: null };
    const startLimit = setTimeout(
      () => this.discard(slot, this.errors.failed(`did not start within ${START_LIMIT_MS / 1000} s`)),
      START_LIMIT_MS,
    ).unref();
    worker.on('message', (reply: unknown) => {
      if (reply === WORKER_READY) {
        clearTimeout(startLimit);
        slot.started = true;
        this.startBudget(slot);
        return;
      }
      const job = this.finish(slot);
      if (!job) return;
      this.release(slot);
      job.resolve(reply);
    });
    worker.on('error', (error: Error & { code?: string }) => {
      clearTimeout(startLimit);
      this.discard(
        slot,
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? this.errors.outOfMemory()
          : this.errors.failed(error.message, error),
      );
    });
    worker.on('exit', (code) => {
      clearTimeout(startLimit);
      this.discard(slot, this.errors.failed(`exited (${code})`));
    });
    return slot;
  }

  /** The job's time budget, from now. */
  private startBudget(slot: TSlot): void {
    const job = slot.job;
    if (!job || job.timer) return;
    job.timer = setTimeout(
      () => this.discard(slot, this.errors.timedOut(this.options.timeoutMs)),
      this.options.timeoutMs,
    );
  }

  /** Back to the idle list; stopped soon after if the job left its heap large. */
  private release(slot: TSlot): void {
    if (!this.busySlots.delete(slot)) return;
    this.park(slot);
    void this.recycleIfGrown(slot);
  }

  private async recycleIfGrown(slot: TSlot): Promise<void> {
    // Node 22 before 22.16 cannot say: such a worker goes after IDLE_MS, as any other.
    if (typeof slot.worker.getHeapStatistics !== 'function') return;
    const heap = await slot.worker.getHeapStatistics().catch(() => null);
    if (
      !heap ||
      heap.total_heap_size + heap.external_memory <= (this.options.recycleHeapMb ?? RECYCLE_HEAP_MB) * 2 ** 20
    )
      return;
    this.stopIdle(slot);
  }

  /** Idle, a worker must not keep a finishing process (a script, a test) alive, and is stopped after IDLE_MS. */
  private park(slot: TSlot): void {
    slot.worker.unref();
    this.idle.push(slot);
    slot.idleTimer = setTimeout(() => this.stopIdle(slot), this.options.idleMs ?? IDLE_MS).unref();
  }

  /** Stops a worker if it is still idle (one a job took meanwhile is left alone); the next job starts a new one. */
  private stopIdle(slot: TSlot): void {
    const at = this.idle.indexOf(slot);
    if (at === -1) return;
    // Off the idle list first: its exit is then no member's loss, so discard() starts no replacement.
    this.idle.splice(at, 1);
    this.unpark(slot);
    void slot.worker.terminate();
  }

  private unpark(slot: TSlot): void {
    if (slot.idleTimer) clearTimeout(slot.idleTimer);
    slot.idleTimer = null;
  }

  /**
   * The worker is stopped for good: its job (if any) fails with `error`. One
   * that had started is replaced at once, idle, so the next job (often the
   * next request, right after a hostile file was cut off) does not wait for a
   * worker to load; one that never started is not (no loop of failing starts).
   */
  private discard(slot: TSlot, error: Error): void {
    let member = this.busySlots.delete(slot);
    const at = this.idle.indexOf(slot);
    if (at !== -1) {
      this.idle.splice(at, 1);
      member = true;
    }
    this.unpark(slot);
    this.finish(slot)?.reject(error);
    slot.worker.removeAllListeners('message');
    void slot.worker.terminate();
    if (member && slot.started && this.idle.length + this.busySlots.size < this.options.workers) {
      this.park(this.start());
    }
  }

  private finish(slot: TSlot): TJob | null {
    const job = slot.job;
    if (!job) return null;
    if (job.timer) clearTimeout(job.timer);
    slot.job = null;
    return job;
  }
}
