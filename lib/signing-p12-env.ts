import { existsSync, readFileSync } from 'node:fs';

/**
 * SIGNING_P12 (docs/sealing.md, Keys): the seal's PKCS#12, as the
 * path of a .p12/.pfx file or its base64. lib/env.ts checks here, at start,
 * that the bytes are there and DER; lib/server/trust/load-p12-signer.ts
 * opens them with SIGNING_P12_PASSWORD (asynchronous: WebCrypto) at boot.
 */
export function readSigningP12(value: string): { bytes: Buffer } | { problem: string } {
  const trimmed = value.trim();
  // An existing file wins: a long extensionless path is made of base64 characters too.
  const base64 =
    /^[A-Za-z0-9+/\s]+={0,2}$/.test(trimmed) &&
    trimmed.length > 64 &&
    !/\.(p12|pfx)$/i.test(trimmed) &&
    !existsSync(/*turbopackIgnore: true*/ trimmed);
  let bytes: Buffer;
  if (base64) {
    bytes = Buffer.from(trimmed.replace(/\s/g, ''), 'base64');
  } else {
    try {
      bytes = readFileSync(/*turbopackIgnore: true*/ trimmed);
    } catch (error) {
      return {
        problem: `expected the path of a readable PKCS#12 file or its base64; cannot read "${trimmed}" (${(error as NodeJS.ErrnoException).code ?? 'error'})`,
      };
    }
  }
  // A PFX is a DER SEQUENCE: anything else (PEM, a typo'd base64) is refused now, not at the first seal.
  if (bytes[0] !== 0x30 || bytes.length < 64)
    return { problem: 'is not a PKCS#12 file (expected DER bytes, e.g. from openssl pkcs12 -export)' };
  return { bytes };
}
