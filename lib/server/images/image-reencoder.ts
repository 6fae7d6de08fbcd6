import 'server-only';
import { Worker } from 'node:worker_threads';
import { AppError } from '@/lib/errors';
import { type TSpawnWorker, WorkerPool, workerSourceScript } from '@/lib/server/concurrency/worker-pool';
import { MAX_IMAGE_PIXELS, type TImageType, type TReencodedImage } from '@/lib/server/images/reencode-image';
import type { TReencodeReply, TReencodeRequest } from '@/lib/server/images/reencode-image-protocol';

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
const DEFAULTS: TImageReencoderOptions = {
  maxHeapMb: 512,
  timeoutMs: 60_000,
  maxQueue: 8,
  maxWaitMs: 60_000,
  maxPixels: MAX_IMAGE_PIXELS,
};
const RETRY_AFTER_SECONDS = 10;

// As in pdf-inspector.ts: Next bundles this exact `new Worker(new URL(…))`; run from source, tsx loads the TypeScript.
const spawnReencoder: TSpawnWorker = ({ resourceLimits }) =>
  process.env.NEXT_RUNTIME
    ? new Worker(new URL('./reencode-image.worker.ts', import.meta.url), { resourceLimits })
    : new Worker(workerSourceScript(new URL('./reencode-image.worker.ts', import.meta.url)), {
        eval: true,
        resourceLimits,
      });

const ERRORS = {
  busy: () =>
    new AppError('SERVICE_UNAVAILABLE', 'The server is busy checking other images; try again in a few seconds.', {
      retryAfterSeconds: RETRY_AFTER_SECONDS,
    }),
  timedOut: (timeoutMs: number) =>
    new AppError('UNSAFE_FILE', `The image could not be read within ${Math.round(timeoutMs / 1000)} s.`),
  outOfMemory: () => new AppError('UNSAFE_FILE', 'The image needs more memory to decode than an attachment may use.'),
  failed: (what: string, cause?: unknown) => new Error(`the image worker failed: ${what}`, { cause }),
};

/**
 * Runs lib/server/images/reencode-image.ts in a worker thread, one image at a time,
 * on the pool the PDF inspector and the validator use
 * (lib/server/concurrency/worker-pool.ts): decoding and encoding megapixels in
 * JavaScript would stall every other request on the request thread, and an
 * image that exhausts memory or time kills the worker, not the server.
 */
export class ImageReencoder {
  private readonly pool: WorkerPool<TReencodeRequest, TReencodeReply>;
  private readonly maxPixels: number;

  constructor(options: Partial<TImageReencoderOptions> = {}) {
    const { maxPixels, ...limits } = { ...DEFAULTS, ...options };
    this.maxPixels = maxPixels;
    this.pool = new WorkerPool(spawnReencoder, { ...limits, workers: 1 }, ERRORS);
  }

  /** The image's pixels encoded again (see reencodeImage); `bytes` are copied to the worker, never taken away. */
  async reencode(bytes: Uint8Array, type: TImageType): Promise<TReencodedImage> {
    const copy = new Uint8Array(bytes);
    const reply = await this.pool.run({ bytes: copy, type, maxPixels: this.maxPixels }, [copy.buffer]);
    if (!reply.ok)
      throw reply.code
        ? new AppError(reply.code, reply.detail)
        : new Error(reply.detail ?? 'the image could not be re-encoded');
    return { bytes: reply.bytes, width: reply.width, height: reply.height };
  }

  /** Stops the worker (tests); an image it had is refused, a later one starts a new worker. */
  close(): Promise<void> {
    return this.pool.close();
  }
}

const holder = globalThis as typeof globalThis & { signetImageReencoder?: ImageReencoder };

/** The process-wide re-encoder: one worker, images one after another. */
export function getImageReencoder(): ImageReencoder {
  holder.signetImageReencoder ??= new ImageReencoder();
  return holder.signetImageReencoder;
}
