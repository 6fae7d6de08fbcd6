import { createPublicKey, type KeyObject } from 'node:crypto';
import { readFileSync } from 'node:fs';

/**
 * BIOMETRIC_ESCROW_PUBLIC_KEY (docs/biometric.md, The escrow key): the RSA public
 * key that wraps every biometric record's key, as PEM text (literal "\n"
 * escapes allowed) or the path of a PEM file. Checked by lib/env.ts at start,
 * so a wrong key shows then, not when the first signer draws.
 */
export const ESCROW_MIN_RSA_BITS = 2048;

export function parseEscrowPublicKey(value: string): { key: KeyObject; pem: string } | { problem: string } {
  const trimmed = value.trim();
  let pem = trimmed.includes('-----BEGIN') ? trimmed.replace(/\\n/g, '\n') : undefined;
  if (pem === undefined) {
    try {
      pem = readFileSync(/*turbopackIgnore: true*/ trimmed, 'utf8');
    } catch {
      return { problem: `expected PEM text or the path of a readable PEM file; cannot read "${trimmed}"` };
    }
  }
  // The private key belongs to the escrow holder alone; refuse it rather than derive the public half from it.
  if (/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(pem)) {
    return {
      problem:
        'this is a private key: give the public key only (openssl pkey -in escrow-private.pem -pubout); the private key stays with the escrow holder',
    };
  }
  let key: KeyObject;
  try {
    key = createPublicKey(pem);
  } catch {
    return { problem: 'expected a PEM RSA public key (-----BEGIN PUBLIC KEY-----)' };
  }
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (key.asymmetricKeyType !== 'rsa' || bits < ESCROW_MIN_RSA_BITS) {
    return {
      problem: `expected an RSA public key of at least ${ESCROW_MIN_RSA_BITS} bits (RSA-OAEP with SHA-256 wraps the record keys)`,
    };
  }
  return { key, pem: key.export({ type: 'spki', format: 'pem' }).toString() };
}
