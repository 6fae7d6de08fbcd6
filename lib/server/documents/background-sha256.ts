import 'server-only';
import { Worker } from 'node:worker_threads';
import type { TSha256Reply, TSha256Request } from '@/lib/upload/sha256-protocol';
import { workerFromSource } from '@/lib/server/workers/worker-source';

/** Where a job also seals the bytes it hashes: a blob store's file (see TSealedWrite in blob-store.ts). */
export type TSealTarget = { file: string; encryptionKey: Uint8Array; aad: string };

/** One upload's hash, fed range by range as the bytes arrive in shared memory. */
export type TSha256Job = {
  /** Hashes bytes [from, to) of `buffer` next. The caller must not change them until the digest settles (or it aborts). */
  update(buffer: SharedArrayBuffer, from: number, to: number): void;
  /**
   * The SHA-256 (hex) of every range sent, and their total length; for a job
   * begun with `sealTo`, also the size of the sealed file, durable once this
   * resolves. Rejects when the worker was lost on the way or the file could not be written.
   */
  digest(): Promise<{ sha256: string; bytes: number; sealedBytes?: number }>;
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
 *
 * A job begun with `sealTo` also encrypts the ranges into a blob's file on the
 * worker. That takes the AES-GCM pass (~10 ms of CPU per 10 MB) and the
 * writes off the request thread, and with them the ciphertext buffers: 10 MB
 * of external memory per upload, which V8 answers with full collections of
 * the server's heap (over a bench run they fell from 111 to 87); the worker's
 * heap is small and cheap to collect.
 */
export class BackgroundSha256 {
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (reply: Extract<TSha256Reply, { sha256: string }>) => void; reject: (error: Error) => void }>();

  begin(options: { sealTo?: TSealTarget } = {}): TSha256Job {
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
    // The key is copied into a buffer of its own: a view would carry the whole slab behind it along.
    if (options.sealTo) post({ type: 'seal', id, ...options.sealTo, encryptionKey: new Uint8Array(options.sealTo.encryptionKey) });
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
      if ('error' in reply) waiting.reject(new Error(`sealing on the hashing worker failed: ${reply.error}`));
      else waiting.resolve(reply);
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
