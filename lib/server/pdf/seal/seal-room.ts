import type { Signer } from '@libpdf/core';
import * as pkijs from 'pkijs';

/** Signed and unsigned attributes, algorithm identifiers and CMS framing, measured at ~1.2 KB; rounded up. */
const CMS_OVERHEAD = 2048;
/** A first guess for a timestamp token (TSTInfo, the TSA's signature and certificate chain); 2–6 KB in practice. */
export const TOKEN_GUESS = 8192;
/** Added to every measure: a new token's nonce, serial and time differ in length from the last one's. */
export const ROOM_MARGIN = 2048;

/** The RSA modulus or EC point bounds the signature value: its SubjectPublicKeyInfo is a safe upper bound. */
function publicKeyBytes(certificate: Uint8Array): number {
  const parsed = pkijs.Certificate.fromBER(new Uint8Array(certificate));
  return parsed.subjectPublicKeyInfo.toSchema().toBER(false).byteLength;
}

/**
 * Bytes to reserve for the seal's CMS: its certificates, its signature value,
 * the CMS overhead and, when timestamped, a token; plus the margin. A token
 * larger than guessed makes libpdf throw PlaceholderError with the size it
 * needed, and the seal is redone with that much room (seal-pdf.ts).
 */
export function signatureRoom(signer: Signer, timestamped: boolean): number {
  const certificates = [signer.certificate, ...(signer.certificateChain ?? [])].reduce(
    (sum, der) => sum + der.byteLength,
    0,
  );
  return (
    certificates + publicKeyBytes(signer.certificate) + CMS_OVERHEAD + (timestamped ? TOKEN_GUESS : 0) + ROOM_MARGIN
  );
}
