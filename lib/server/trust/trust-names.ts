import 'server-only';
/** The database slots of the generated keys (TrustKey.slot). */
export const CA_SLOT = 'instance-ca';
export const SEAL_SLOT = 'instance-seal';

/** RSA 3072 with SHA-256: what pdfsig (NSS), OpenSSL and Adobe all accept, and good past 2030 (NIST SP 800-57). */
export const KEY_ALGORITHM = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 3072,
} as const;
export const SIGNING_ALGORITHM = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' } as const;

/** Microsoft's Document Signing EKU; Adobe and EU validators accept it, and emailProtection beside it satisfies S/MIME-minded tools. */
export const DOCUMENT_SIGNING_EKU = '1.3.6.1.4.1.311.10.3.12';

/** The address the seal certificate names as its CRL distribution point (the public route serves it there). */
export function crlUrl(appUrl: string): string {
  return `${appUrl}/api/v1/trust/crl`;
}

/** The instance's name in subjects: its host, so two instances' CAs are told apart in a trust store. */
export function instanceName(appUrl: string): string {
  return new URL(appUrl).host;
}

function escapeRdn(value: string): string {
  return value.replace(/([,+"\\<>;=])/g, '\\$1');
}

export function caSubject(appUrl: string): string {
  return `CN=${escapeRdn(`Signet CA ${instanceName(appUrl)}`)}, O=Signet`;
}

export function sealSubject(appUrl: string): string {
  return `CN=${escapeRdn(`Signet seal ${instanceName(appUrl)}`)}, O=Signet`;
}
