import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/errors';
import type { TSha256Job } from './background-sha256';
import { type SharedBufferPool, uploadBufferPool } from './shared-buffer-pool';

export type TSpooled = {
  size: number;
  /** SHA-256 (hex) of the bytes; empty when a tee received them (the tee's consumer hashes) or a hash job had them. */
  sha256: string;
  /** The upload on disk, where converters and ZIP readers can seek (unless kept in memory). */
  file?: string;
  /**
   * The upload in memory, when asked for (PDFs: pdf-lib needs the whole file
   * anyway): a view on a SharedArrayBuffer of its own, which a worker can read
   * without a copy. Nothing writes to it once the spool has resolved.
   */
  bytes?: Buffer;
  /** Gives the memory behind `bytes` back for a later upload: call it once nothing reads them any more. */
  release: () => void;
};

export type TSpoolOptions = {
  maxBytes: number;
  keepInMemory?: boolean;
  /** What the size will probably be (a request's Content-Length): kept bytes go into one buffer that size. */
  sizeHint?: number;
  /** Also receives every chunk as it arrives (e.g. the blob store's put), ended or destroyed with the spool. */
  tee?: PassThrough;
  /** Where kept bytes' buffers come from and go back to (default: the process-wide pool). */
  pool?: SharedBufferPool;
  /**
   * With `keepInMemory`: is handed every received byte range as it lands in
   * the shared buffer (~1 MB at a time), so a worker can hash the upload while
   * it arrives (see background-sha256.ts). The buffer goes back to the pool
   * only through `release`, which must wait for the job's digest. When the
   * spool fails, the buffer goes back at once: abort the job then.
   */
  hashJob?: TSha256Job;
};

function tooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB allowed.`);
}

const MIN_MEMORY_BUFFER = 64 * 1024;
/** How many received bytes a hash job is handed at a time: ~16 network reads, one message. */
const HASH_STEP = 1024 * 1024;

/**
 * Collects an upload in one SharedArrayBuffer, copying each chunk as it comes.
 * Shared memory for two reasons. The PDF inspector's worker reads it in place
 * (nothing copied or moved to it). And V8 does not count shared memory as the
 * isolate's external memory: 10 MB of ordinary Buffers held through an upload
 * count against the old generation's budget and start a full mark-compact of
 * the server's heap (20-40 ms of the request thread's time per upload, measured
 * with --trace-gc). Keeping the network chunks and concatenating them instead
 * would hold ~160 of them long enough to be promoted, and copy it all again.
 * The buffer starts at the size hint (capped by the limit) and grows by
 * doubling when the hint was short. Buffers come from a pool (see
 * SharedBufferPool) and go back to it when the upload is done with them.
 */
class MemorySink extends Writable {
  private buffer: Buffer;
  private length = 0;
  private hashedTo = 0;

  constructor(
    sizeHint: number,
    private readonly maxBytes: number,
    private readonly pool: SharedBufferPool,
    private readonly hashJob?: TSha256Job,
  ) {
    super();
    this.buffer = Buffer.from(pool.take(Math.max(MIN_MEMORY_BUFFER, Math.min(sizeHint, maxBytes))));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const needed = this.length + chunk.length;
    if (needed > this.buffer.length) {
      const grown = Buffer.from(this.pool.take(Math.max(needed, Math.min(this.buffer.length * 2, this.maxBytes))));
      this.buffer.copy(grown, 0, 0, this.length);
      // A hash job may still be reading ranges of the old buffer: leave that one to the garbage
      // collector rather than to the pool, where another upload would write into it.
      if (!this.hashJob) this.release();
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length = needed;
    if (this.length - this.hashedTo >= HASH_STEP) this.hashPending();
    callback();
  }

  /** Hands the hash job the bytes it has not had yet. */
  hashPending(): void {
    if (!this.hashJob || this.hashedTo === this.length) return;
    this.hashJob.update(this.buffer.buffer as SharedArrayBuffer, this.buffer.byteOffset + this.hashedTo, this.buffer.byteOffset + this.length);
    this.hashedTo = this.length;
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }

  release(): void {
    this.pool.give(this.buffer.buffer as SharedArrayBuffer);
  }
}

/**
 * Receives an upload chunk by chunk into a private temp file in `dir`, hashing
 * as it goes and stopping as soon as it passes `maxBytes`. Memory holds a chunk
 * at a time, unless `keepInMemory` asks for the whole (bounded by maxBytes)
 * instead of the file; `dir` is then unused and may be null.
 */
export async function spoolUpload(data: AsyncIterable<Uint8Array>, dir: string | null, options: TSpoolOptions): Promise<TSpooled> {
  const memory = options.keepInMemory
    ? new MemorySink(options.sizeHint ?? 0, options.maxBytes, options.pool ?? uploadBufferPool(), options.hashJob)
    : null;
  let file: string | undefined;
  let sink: Writable;
  if (memory) sink = memory;
  else if (dir === null) throw new Error('spoolUpload needs a folder unless it keeps the upload in memory');
  else {
    file = path.join(dir, 'upload');
    sink = createWriteStream(file, { mode: 0o600 });
  }
  const hash = createHash('sha256');
  const tee = options.tee;
  const jobHashes = Boolean(memory && options.hashJob);
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(tooLarge(options.maxBytes));
      // With a tee the store hashes what it seals, or a hash job does; hashing here too would be a second pass.
      if (!tee && !jobHashes) hash.update(chunk);
      // Respect the tee's back-pressure: a slow store slows the receive, memory stays flat.
      if (!tee || tee.write(chunk)) return callback(null, chunk);
      const resume = () => {
        tee.off('drain', resume);
        tee.off('close', resume);
        if (tee.destroyed) callback(tee.errored ?? new Error('the blob store stopped reading the upload'));
        else callback(null, chunk);
      };
      tee.on('drain', resume);
      tee.on('close', resume);
    },
  });
  try {
    await pipeline(data, meter, sink);
  } catch (error) {
    tee?.destroy(error as Error);
    memory?.release();
    throw error;
  }
  if (size === 0) {
    const empty = new AppError('EMPTY_FILE', 'The file is empty (0 bytes).');
    tee?.destroy(empty);
    memory?.release();
    throw empty;
  }
  tee?.end();
  memory?.hashPending();
  const sha256 = tee || jobHashes ? '' : hash.digest('hex');
  if (!memory) return { size, sha256, file, release: () => undefined };
  let released = false;
  const release = () => {
    if (!released) memory.release();
    released = true;
  };
  return { size, sha256, bytes: memory.bytes(), release };
}
