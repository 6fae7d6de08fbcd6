import 'server-only';
import { getEnv } from '@/lib/env';
import { openSealed, sealStream } from '@/lib/server/storage/blob-crypto';
import { loadBlobKey } from '@/lib/server/storage/blob-key';

/**
 * A trust key's PKCS#8 sealed with the instance's blob key (AES-256-GCM,
 * the blob format of lib/server/storage/blob-crypto.ts), the slot name as
 * additional data so a row copied into another slot does not open.
 */
export async function sealPrivateKey(slot: string, pkcs8: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
  const { sealed } = sealStream(loadBlobKey(getEnv()), `trust-key:${slot}`, new Uint8Array(pkcs8));
  const parts: Buffer[] = [];
  for await (const part of sealed) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

export function openPrivateKey(slot: string, sealed: Uint8Array): Buffer {
  return openSealed(loadBlobKey(getEnv()), `trust-key:${slot}`, Buffer.from(sealed));
}
