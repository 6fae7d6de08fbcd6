// No 'server-only' marker: the upload worker thread (lib/upload/sha256.worker.ts)
// writes this format too, and its bundle is not a server component's.
import { createCipheriv, randomBytes } from 'node:crypto';

/**
 * The sealed format every driver stores: MAGIC | IV (12) | ciphertext | GCM
 * tag (16), AES-256-GCM with the blob key as additional authenticated data, so
 * a blob copied under another key fails to open. Whoever holds the bucket or
 * the disk without the key holds noise.
 */
export const MAGIC = new Uint8Array([0x53, 0x47, 0x4e, 0x42, 0x01]); // "SGNB" 1
export const IV_LENGTH = 12;
export const TAG_LENGTH = 16;
export const SEAL_OVERHEAD = MAGIC.length + IV_LENGTH + TAG_LENGTH;

/**
 * Seals one blob, chunk by chunk: write `header`, then `update(chunk)` for each
 * chunk of plaintext in order, then `end()` (the last ciphertext and the tag).
 * A fresh random IV per blob; `blobKey` is the additional authenticated data.
 */
export function createSealer(encryptionKey: Uint8Array, blobKey: string) {
  const iv = randomBytes(IV_LENGTH);
  const cipher = createCipheriv('aes-256-gcm', encryptionKey, iv).setAAD(Buffer.from(blobKey));
  return {
    header: Buffer.concat([MAGIC, iv]),
    update: (chunk: Uint8Array): Buffer => cipher.update(chunk),
    end: (): Buffer => Buffer.concat([cipher.final(), cipher.getAuthTag()]),
  };
}
