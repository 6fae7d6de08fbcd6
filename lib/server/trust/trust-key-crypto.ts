import 'server-only';
import { getEnv } from '@/lib/env';
import { decryptBlob, encryptStream } from '@/lib/server/storage/blob-crypto';
import { loadBlobKey } from '@/lib/server/storage/blob-key';

/**
 * A trust key's PKCS#8 encrypted with the instance's blob key (AES-256-GCM,
 * the blob format of lib/server/storage/blob-crypto.ts), the slot name as
 * additional data so a row copied into another slot does not open.
 */
export async function encryptPrivateKey(slot: string, pkcs8: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
  const { encrypted } = encryptStream(loadBlobKey(getEnv()), `trust-key:${slot}`, new Uint8Array(pkcs8));
  const parts: Buffer[] = [];
  for await (const part of encrypted) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

export function decryptPrivateKey(slot: string, encrypted: Uint8Array): Buffer {
  return decryptBlob(loadBlobKey(getEnv()), `trust-key:${slot}`, Buffer.from(encrypted));
}
