import 'server-only';

/**
 * The roots a signature may chain to, as DER certificates. `instance`: this
 * instance's CA. `system`: Node's root store plus the operator's extra roots
 * (VALIDATOR_TRUSTED_CAS). Passed in, so the engine and its tests need no
 * key store or environment (load-trust-anchors.ts builds the server's).
 */
export type TTrustAnchors = { instance: Uint8Array[]; system: Uint8Array[] };

/** PEM text (one or more certificates) to DER. */
export function pemToDer(pem: string): Uint8Array[] {
  return [...pem.matchAll(/-----BEGIN CERTIFICATE-----([\s\S]*?)-----END CERTIFICATE-----/g)].map(
    (match) => new Uint8Array(Buffer.from((match[1] ?? '').replace(/\s+/g, ''), 'base64')),
  );
}
