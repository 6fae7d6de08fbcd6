import 'server-only';
import { createHash } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { AppError } from '@/lib/errors';

export type TSpooled = { file: string; size: number; sha256: string };

/**
 * Writes an upload to a private temp file chunk by chunk, hashing as it goes,
 * and stops as soon as it passes `maxBytes`: memory holds one chunk, never the file.
 */
export async function spoolUpload(data: AsyncIterable<Uint8Array>, dir: string, maxBytes: number): Promise<TSpooled> {
  const file = path.join(dir, 'upload');
  const hash = createHash('sha256');
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > maxBytes) {
        const mb = Math.round((maxBytes / 1024 / 1024) * 10) / 10;
        callback(new AppError('PAYLOAD_TOO_LARGE', `The file is larger than the ${mb} MB allowed.`));
        return;
      }
      hash.update(chunk);
      callback(null, chunk);
    },
  });
  await pipeline(data, meter, createWriteStream(file, { mode: 0o600 }));
  if (size === 0) throw new AppError('EMPTY_FILE', 'The file is empty (0 bytes).');
  return { file, size, sha256: hash.digest('hex') };
}
