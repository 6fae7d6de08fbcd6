import 'server-only';
import { webcrypto } from 'node:crypto';
import * as pkijs from 'pkijs';

let engine: pkijs.CryptoEngine | undefined;

/**
 * Our own pkijs crypto engine on Node's WebCrypto, passed explicitly to every
 * verify: pkijs keeps one global engine, and @libpdf/core (signing in the same
 * process) replaces it with one our calls cannot use.
 */
export function cryptoEngine(): pkijs.CryptoEngine {
  engine ??= new pkijs.CryptoEngine({ name: 'signet-validator', crypto: webcrypto as unknown as Crypto });
  return engine;
}

const DIGESTS: Record<string, string> = {
  '1.3.14.3.2.26': 'SHA-1',
  '2.16.840.1.101.3.4.2.1': 'SHA-256',
  '2.16.840.1.101.3.4.2.2': 'SHA-384',
  '2.16.840.1.101.3.4.2.3': 'SHA-512',
};

/** The WebCrypto name of a digest algorithm OID, or null when we cannot compute it. */
export function digestName(oid: string): string | null {
  return DIGESTS[oid] ?? null;
}

export async function digest(algorithm: string, data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await webcrypto.subtle.digest(algorithm, data));
}

export function sameBytes(a: Uint8Array | ArrayBuffer, b: Uint8Array | ArrayBuffer): boolean {
  return Buffer.from(a instanceof Uint8Array ? a : new Uint8Array(a)).equals(
    Buffer.from(b instanceof Uint8Array ? b : new Uint8Array(b)),
  );
}

/**
 * A copy as a standalone ArrayBuffer (pkijs and asn1js want one, not a view on
 * a larger buffer). Not `bytes.slice().buffer`: a Buffer's slice is a view, and
 * Node 24 puts small Buffers (hex-decoded signatures) in its shared pool.
 */
export function arrayBuffer(bytes: Uint8Array): ArrayBuffer {
  return new Uint8Array(bytes).buffer;
}
