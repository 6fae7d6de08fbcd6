import 'server-only';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/errors';

export type TSpooled = {
  size: number;
  /** The upload on disk, where converters and ZIP readers can seek (unless kept in memory). */
  file?: string;
  /**
   * The upload in memory, when asked for (PDFs: pdf-lib needs the whole file
   * anyway): a view on a SharedArrayBuffer of its own, which the PDF inspector's
   * worker reads without a copy. Nothing writes to it once the spool has resolved.
   */
  bytes?: Buffer;
};

export type TSpoolOptions = {
  maxBytes: number;
  keepInMemory?: boolean;
  /** What the size will probably be (a request's Content-Length): kept bytes go into one buffer that size. */
  sizeHint?: number;
  /** Also receives every chunk as it arrives (the blob store's put, which hashes them), ended or destroyed with the spool. */
  tee?: PassThrough;
};

/** The refusal for a file over the size limit, as the receive and the early check (refuse-upload-early.ts) give it. */
export function fileTooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB allowed.`);
}

const MIN_MEMORY_BUFFER = 64 * 1024;

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
 * doubling when the hint was short.
 */
class MemorySink extends Writable {
  private buffer: Buffer;
  private length = 0;

  constructor(
    sizeHint: number,
    private readonly maxBytes: number,
  ) {
    super();
    this.buffer = Buffer.from(new SharedArrayBuffer(Math.max(MIN_MEMORY_BUFFER, Math.min(sizeHint, maxBytes))));
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    const needed = this.length + chunk.length;
    if (needed > this.buffer.length) {
      const grown = Buffer.from(
        new SharedArrayBuffer(Math.max(needed, Math.min(this.buffer.length * 2, this.maxBytes))),
      );
      this.buffer.copy(grown, 0, 0, this.length);
      this.buffer = grown;
    }
    chunk.copy(this.buffer, this.length);
    this.length = needed;
    callback();
  }

  bytes(): Buffer {
    return this.buffer.subarray(0, this.length);
  }
}

/**
 * Receives an upload chunk by chunk into a private temp file in `dir`, stopping
 * as soon as it passes `maxBytes`. Memory holds a chunk at a time, unless
 * `keepInMemory` asks for the whole (bounded by maxBytes) instead of the file;
 * `dir` is then unused and may be null.
 */
export async function spoolUpload(
  data: AsyncIterable<Uint8Array>,
  dir: string | null,
  options: TSpoolOptions,
): Promise<TSpooled> {
  const memory = options.keepInMemory ? new MemorySink(options.sizeHint ?? 0, options.maxBytes) : null;
  let file: string | undefined;
  let sink: Writable;
  if (memory) sink = memory;
  else if (dir === null) throw new Error('spoolUpload needs a folder unless it keeps the upload in memory');
  else {
    file = path.join(dir, 'upload');
    sink = createWriteStream(file, { mode: 0o600 });
  }
  const tee = options.tee;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(fileTooLarge(options.maxBytes));
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
    throw error;
  }
  if (size === 0) {
    const empty = new AppError('EMPTY_FILE', 'The file is empty (0 bytes).');
    tee?.destroy(empty);
    throw empty;
  }
  tee?.end();
  return memory ? { size, bytes: memory.bytes() } : { size, file };
}
