import 'server-only';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import { Semaphore } from '@/lib/server/concurrency/semaphore';
import { MAX_IMAGE_PIXELS, type TImageType, type TReencodedImage } from '@/lib/upload/reencode-image';
import type { TReencodeReply, TReencodeRequest } from '@/lib/upload/reencode-image-protocol';

export type TImageReencoderOptions = {
  /** Heap the worker may use; an image that needs more is refused and the worker replaced. */
  maxHeapMb: number;
  /** Time one image may take; past it the worker is stopped and the image refused. */
  timeoutMs: number;
  /** Images that may wait for the worker; one more is refused at once with 503 and Retry-After. */
  maxQueue: number;
  /** How long an image may wait before it is refused the same way. */
  maxWaitMs: number;
  maxPixels: number;
};

// Pure-JavaScript codecs: a 25-megapixel JPEG takes a few seconds to decode and encode again.
const DEFAULTS: TImageReencoderOptions = { maxHeapMb: 512, timeoutMs: 60_000, maxQueue: 8, maxWaitMs: 60_000, maxPixels: MAX_IMAGE_PIXELS };
const RETRY_AFTER_SECONDS = 10;

const fromSource = (entry: URL) => `import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(entry.href)}); });`;
const busy = () => new AppError('SERVICE_UNAVAILABLE', 'The server is busy checking other images; try again in a few seconds.', { retryAfterSeconds: RETRY_AFTER_SECONDS });

type TJob = { resolve: (image: TReencodedImage) => void; reject: (error: Error) => void; timer: NodeJS.Timeout };

/**
 * Runs lib/upload/reencode-image.ts in a worker thread, one image at a time,
 * as PdfInspector does for PDFs (lib/server/pdf/pdf-inspector.ts): decoding
 * and encoding megapixels in JavaScript would stall every other request on
 * the request thread, and an image that exhausts memory or time kills the
 * worker, not the server. The next image gets a fresh worker.
 */
export class ImageReencoder {
  private worker: Worker | null = null;
  private readonly slot: Semaphore;
  private current: TJob | null = null;
  private readonly options: TImageReencoderOptions;

  constructor(options: Partial<TImageReencoderOptions> = {}) {
    this.options = { ...DEFAULTS, ...options };
    this.slot = new Semaphore(1, { maxWaiting: this.options.maxQueue, maxWaitMs: this.options.maxWaitMs, busy });
  }

  /** The image's pixels encoded again (see reencodeImage); `bytes` are copied to the worker, never taken away. */
  reencode(bytes: Uint8Array, type: TImageType): Promise<TReencodedImage> {
    return this.slot.run(() => this.run(bytes, type));
  }

  /** Stops the worker (tests); an image it had is refused, a later one starts a new worker. */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = null;
    this.finish()?.reject(new Error('the image worker was closed'));
    await worker?.terminate();
  }

  private run(bytes: Uint8Array, type: TImageType): Promise<TReencodedImage> {
    const worker = this.start();
    worker.ref();
    return new Promise<TReencodedImage>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.replaceWorker(new AppError('UNSAFE_FILE', `The image could not be read within ${Math.round(this.options.timeoutMs / 1000)} s.`));
      }, this.options.timeoutMs);
      this.current = { resolve, reject, timer };
      const copy = new Uint8Array(bytes);
      worker.postMessage({ bytes: copy, type, maxPixels: this.options.maxPixels } satisfies TReencodeRequest, [copy.buffer]);
    }).finally(() => {
      // Idle, the worker must not keep a finishing process alive; the next image refs it again.
      this.worker?.unref();
    });
  }

  private start(): Worker {
    if (this.worker) return this.worker;
    const resourceLimits = { maxOldGenerationSizeMb: this.options.maxHeapMb };
    // As in pdf-inspector.ts: Next bundles this exact `new Worker(new URL(…))`; run from source, tsx loads the TypeScript.
    const worker = process.env.NEXT_RUNTIME
      ? new Worker(new URL('../../upload/reencode-image.worker.ts', import.meta.url), { resourceLimits })
      : new Worker(fromSource(new URL('../../upload/reencode-image.worker.ts', import.meta.url)), { eval: true, resourceLimits });
    worker.on('message', (reply: TReencodeReply) => {
      if (this.worker !== worker) return;
      const current = this.finish();
      if (!current) return;
      if (reply.ok) current.resolve({ bytes: reply.bytes, width: reply.width, height: reply.height });
      else current.reject(reply.code ? new AppError(reply.code, reply.detail) : new Error(reply.detail ?? 'the image could not be re-encoded'));
    });
    worker.on('error', (error: Error & { code?: string }) => {
      if (this.worker !== worker) return;
      this.replaceWorker(
        error.code === 'ERR_WORKER_OUT_OF_MEMORY'
          ? new AppError('UNSAFE_FILE', 'The image needs more memory to decode than an attachment may use.')
          : new Error(`the image worker failed: ${error.message}`, { cause: error }),
      );
    });
    worker.on('exit', (code) => {
      if (this.worker === worker) this.replaceWorker(new Error(`the image worker exited (${code})`));
    });
    this.worker = worker;
    return worker;
  }

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

const holder = globalThis as typeof globalThis & { signetImageReencoder?: ImageReencoder };

/** The process-wide re-encoder: one worker, images one after another. */
export function getImageReencoder(): ImageReencoder {
  holder.signetImageReencoder ??= new ImageReencoder();
  return holder.signetImageReencoder;
}
