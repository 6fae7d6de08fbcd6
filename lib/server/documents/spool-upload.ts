import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { PassThrough, Transform, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/errors';

export type TSpooled = {
  size: number;
  /** SHA-256 (hex) of the bytes; empty when a tee received them (the tee's consumer hashes). */
  sha256: string;
  /** The upload on disk, where converters and ZIP readers can seek (unless kept in memory). */
  file?: string;
  /** The upload in memory, when asked for (PDFs: pdf-lib needs the whole file anyway). */
  bytes?: Buffer;
};

export type TSpoolOptions = {
  maxBytes: number;
  keepInMemory?: boolean;
  /** Also receives every chunk as it arrives (e.g. the blob store's put), ended or destroyed with the spool. */
  tee?: PassThrough;
};

function tooLarge(maxBytes: number): AppError {
  const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
  return new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB allowed.`);
}

/**
 * Receives an upload chunk by chunk into a private temp file, hashing as it
 * goes and stopping as soon as it passes `maxBytes`. Memory holds a chunk at a
 * time, unless `keepInMemory` asks for the whole (bounded by maxBytes) instead
 * of the file.
 */
export async function spoolUpload(data: AsyncIterable<Uint8Array>, dir: string, options: TSpoolOptions): Promise<TSpooled> {
  const file = path.join(dir, 'upload');
  const hash = createHash('sha256');
  const kept: Buffer[] = [];
  const tee = options.tee;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > options.maxBytes) return callback(tooLarge(options.maxBytes));
      // With a tee the store hashes what it seals; hashing here too would be a second pass.
      if (!tee) hash.update(chunk);
      if (options.keepInMemory) kept.push(chunk);
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
    const sink = options.keepInMemory
      ? new Writable({ write: (_chunk, _encoding, callback) => callback() })
      : createWriteStream(file, { mode: 0o600 });
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
  const sha256 = tee ? '' : hash.digest('hex');
  return options.keepInMemory ? { size, sha256, bytes: Buffer.concat(kept, size) } : { size, sha256, file };
}
