import 'server-only';
import { getEnv } from '@/lib/env';
import { decryptBlob, encryptStream } from './blob-crypto';
import { loadBlobKey } from './blob-key';

/**
 * A small value kept in the database (a webhook's secret, a trust key) encrypted with the instance's blob key: the
 * blob format of blob-crypto.ts (AES-256-GCM). `context` is bound as additional data (say, the row it belongs to),
 * so a value copied onto another row does not open.
 */
export async function encryptValue(context: string, plain: Uint8Array): Promise<Uint8Array<ArrayBuffer>> {
  const { encrypted } = encryptStream(loadBlobKey(getEnv()), context, plain);
  const parts: Buffer[] = [];
  for await (const part of encrypted) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

/** The value encryptValue encrypted under the same `context`; throws when either differs. */
export function decryptValue(context: string, encrypted: Uint8Array): Buffer {
  return decryptBlob(loadBlobKey(getEnv()), context, Buffer.from(encrypted));
}
