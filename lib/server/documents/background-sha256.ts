import 'server-only';
import { Worker } from 'node:worker_threads';
import type { TSha256Reply, TSha256Request } from '@/lib/upload/sha256-protocol';
import { workerFromSource } from '@/lib/server/workers/worker-source';

/** One upload's hash, fed range by range as the bytes arrive in shared memory. */
export type TSha256Job = {
  /** Hashes bytes [from, to) of `buffer` next. The caller must not change them until the digest settles (or it aborts). */
  update(buffer: SharedArrayBuffer, from: number, to: number): void;
  /** The SHA-256 (hex) of every range sent, and their total length; rejects when the worker was lost on the way. */
  digest(): Promise<{ sha256: string; bytes: number }>;
  /** Drops the job (a refused or failed upload): no digest will be asked for. */
  abort(): void;
};

/**
 * SHA-256 of uploads on a worker thread. Hashing 10 MB takes ~8 ms of CPU; on
 * the request thread it competes with receiving, copying and encrypting the
 * same bytes, and the upload ends that much later (measured with
 * `npm run bench -- upload`). On the worker it runs on the other core while
 * the bytes still arrive, so the digest is ready a range after the last byte.
 * A job started on a worker that has since gone (crashed, closed) cannot be
 * finished by a new one: its digest rejects and the caller hashes itself.
 */
export class BackgroundSha256 {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: TSha256Reply) => void; reject: (error: Error) => void }>();

  begin(): TSha256Job {
    const id = this.nextId++;
    let worker: Worker | null = null;
    let failure: Error | null = null;
    try {
      worker = this.start();
    } catch (error) {
      failure = error instanceof Error ? error : new Error(String(error));
    }
    const post = (message: TSha256Request) => {
      if (worker && worker === this.worker) worker.postMessage(message);
    };
    return {
      update: (buffer, from, to) => {
        if (to > from) post({ type: 'update', id, buffer, from, to });
      },
      digest: () =>
        new Promise((resolve, reject) => {
          if (!worker || worker !== this.worker) {
            reject(failure ?? new Error('the hashing worker stopped before this upload was hashed'));
            return;
          }
          this.pending.set(id, { resolve, reject });
          worker.ref();
          post({ type: 'digest', id });
        }),
      abort: () => post({ type: 'abort', id }),
    };
  }

  /** Stops the worker (tests); unfinished digests reject, a later begin starts a new one. */
  async close(): Promise<void> {
    const worker = this.worker;
    if (!worker) return;
    this.lose(worker, new Error('the hashing worker was closed'));
    await worker.terminate();
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const worker = process.env.NEXT_RUNTIME
      ? new Worker(new URL('../../upload/sha256.worker.ts', import.meta.url))
      : new Worker(workerFromSource(new URL('../../upload/sha256.worker.ts', import.meta.url)), { eval: true });
    // Idle it must not keep a finishing process (a script, a test) alive; a pending digest refs it.
    worker.unref();
    worker.on('message', (reply: TSha256Reply) => {
      const waiting = this.pending.get(reply.id);
      if (!waiting) return;
      this.pending.delete(reply.id);
      if (!this.pending.size) worker.unref();
      waiting.resolve(reply);
    });
    worker.on('error', (error) => this.lose(worker, new Error(`the hashing worker failed: ${error.message}`, { cause: error })));
    worker.on('exit', (code) => this.lose(worker, new Error(`the hashing worker exited (${code})`)));
    this.worker = worker;
    return worker;
  }

  private lose(worker: Worker, error: Error): void {
    if (this.worker !== worker) return;
    this.worker = null;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}

const holder = globalThis as typeof globalThis & { signetBackgroundSha256?: BackgroundSha256 };

/** The process-wide hashing worker. */
export function getBackgroundSha256(): BackgroundSha256 {
  holder.signetBackgroundSha256 ??= new BackgroundSha256();
  return holder.signetBackgroundSha256;
}
