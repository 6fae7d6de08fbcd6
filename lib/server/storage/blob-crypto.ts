import 'server-only';
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { AppError } from '@/lib/errors';
import type { TBlobInput } from './blob-store';

/**
 * The encrypted format every driver stores: MAGIC | IV (12) | ciphertext | GCM
 * tag (16), AES-256-GCM with the blob key as additional authenticated data, so
 * a blob copied under another key fails to open. Whoever holds the bucket or
 * the disk without the key holds noise.
 */
const MAGIC = Buffer.from([0x53, 0x47, 0x4e, 0x42, 0x01]); // "SGNB" 1
const IV_LENGTH = 12;
const TAG_LENGTH = 16;

async function* chunks(data: TBlobInput): AsyncIterable<Uint8Array> {
  if (data instanceof Uint8Array) yield data;
  else yield* data;
}

export type TEncryptResult = { size: number; sha256: string };

/**
 * Encrypts a stream chunk by chunk (a fresh random IV per blob) and hashes the
 * plaintext on the way. The returned `result` holds the plaintext size and
 * SHA-256 once the encrypted stream has been read to its end.
 */
export function encryptStream(encryptionKey: Buffer, blobKey: string, data: TBlobInput) {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(blobKey));
  const hash = createHash('sha256');
  const result: TEncryptResult = { size: 0, sha256: '' };
  async function* encrypted(): AsyncGenerator<Buffer> {
    yield Buffer.concat([MAGIC, iv]);
    for await (const chunk of chunks(data)) {
      result.size += chunk.byteLength;
      hash.update(chunk);
      yield cipher.update(chunk);
    }
    yield Buffer.concat([cipher.final(), cipher.getAuthTag()]);
    result.sha256 = hash.digest('hex');
  }
  return { encrypted: encrypted(), result };
}

/** Decrypts and authenticates an encrypted blob; AppError INTERNAL when it was tampered with. */
export function decryptBlob(encryptionKey: Buffer, blobKey: string, encrypted: Buffer): Buffer {
  const headerLength = MAGIC.length + IV_LENGTH;
  if (encrypted.length < headerLength + TAG_LENGTH || !encrypted.subarray(0, MAGIC.length).equals(MAGIC)) {
    throw new AppError('INTERNAL', `Blob ${blobKey} is not in the encrypted format.`);
  }
  const iv = encrypted.subarray(MAGIC.length, headerLength);
  const tag = encrypted.subarray(encrypted.length - TAG_LENGTH);
  const decipher = createDecipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(blobKey)).setAuthTag(tag);
  try {
    return Buffer.concat([
      decipher.update(encrypted.subarray(headerLength, encrypted.length - TAG_LENGTH)),
      decipher.final(),
    ]);
  } catch (cause) {
    throw new AppError('INTERNAL', `Blob ${blobKey} failed its integrity check.`, { cause });
  }
}
