import 'server-only';
import { decryptValue, encryptValue } from '@/lib/server/storage/value-crypto';

/** A trust key's PKCS#8 encrypted at rest (storage/value-crypto.ts), bound to its slot: a row copied into another slot does not open. */
export function encryptPrivateKey(slot: string, pkcs8: ArrayBuffer): Promise<Uint8Array<ArrayBuffer>> {
  return encryptValue(`trust-key:${slot}`, new Uint8Array(pkcs8));
}

export function decryptPrivateKey(slot: string, encrypted: Uint8Array): Buffer {
  return decryptValue(`trust-key:${slot}`, encrypted);
}
