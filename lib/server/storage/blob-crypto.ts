import 'server-only';
import { createDecipheriv, createHash } from 'node:crypto';
import { AppError } from '@/lib/errors';
import type { TBlobInput } from './blob-store';
// The format (MAGIC | IV | ciphertext | tag, the blob key as AAD) is described in ./sealed-format.
import { createSealer, IV_LENGTH, MAGIC, TAG_LENGTH } from './sealed-format';

async function* chunks(data: TBlobInput): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

export type TSealResult = { size: number; sha256: string };

/**
 * Encrypts a stream chunk by chunk. The returned `result` holds the plaintext
 * size and SHA-256 once the sealed stream has been read to its end; the
 * SHA-256 stays empty with `hash: false` (the caller hashes the bytes itself).
 */
export function sealStream(encryptionKey: Buffer, blobKey: string, data: TBlobInput, { hash: hashing = true } = {}) {
  const sealer = createSealer(encryptionKey, blobKey);
  const hash = createHash('sha256');
  const result: TSealResult = { size: 0, sha256: '' };
  async function* sealed(): AsyncGenerator<Buffer> {
    yield sealer.header;
    for await (const chunk of chunks(data)) {
      result.size += chunk.byteLength;
      if (hashing) hash.update(chunk);
      yield sealer.update(chunk);
    }
    yield sealer.end();
    if (hashing) result.sha256 = hash.digest('hex');
  }
  return { sealed: sealed(), result };
}

/** Decrypts and authenticates a sealed blob; AppError INTERNAL when it was tampered with. */
export function openSealed(encryptionKey: Buffer, blobKey: string, sealed: Buffer): Buffer {
  const headerLength = MAGIC.length + IV_LENGTH;
  if (sealed.length < headerLength + TAG_LENGTH || !sealed.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new AppError('INTERNAL', `Blob ${blobKey} is not in the sealed format.`);
  }
  const iv = sealed.subarray(MAGIC.length, headerLength);
  const tag = sealed.subarray(sealed.length - TAG_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(blobKey)).setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(sealed.subarray(headerLength, sealed.length - TAG_LENGTH)), decipher.final()]);
  } catch (cause) {
    throw new AppError('INTERNAL', `Blob ${blobKey} failed its integrity check.`, { cause });
  }
}
