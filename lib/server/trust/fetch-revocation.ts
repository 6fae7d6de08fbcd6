import 'server-only';
import * as pkijs from 'pkijs';
import { x509 } from './x509';

const FETCH_TIMEOUT_MS = 10_000;
const MAX_BYTES = 20 * 1024 * 1024;

async function fetchBytes(
  url: string,
  init: RequestInit,
  signal: AbortSignal | undefined,
): Promise<Uint8Array<ArrayBuffer>> {
  const response = await fetch(url, {
    ...init,
    signal: AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), ...(signal ? [signal] : [])]),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_BYTES) throw new Error(`${url} sent more than ${MAX_BYTES} bytes`);
  return bytes;
}

const httpOnly = (uri: string | undefined): uri is string => typeof uri === 'string' && /^https?:\/\//.test(uri);

/** The http(s) CRL distribution points a certificate names. */
export function crlUrls(certificate: x509.X509Certificate): string[] {
  const extension = certificate.getExtension(x509.CRLDistributionPointsExtension);
  return (extension?.distributionPoints ?? [])
    .flatMap((point) => point.distributionPoint?.fullName ?? [])
    .map((name) => name.uniformResourceIdentifier)
    .filter(httpOnly);
}

/** The http(s) OCSP responders a certificate names (Authority Information Access). */
export function ocspUrls(certificate: x509.X509Certificate): string[] {
  const extension = certificate.getExtension(x509.AuthorityInfoAccessExtension);
  return (extension?.ocsp ?? []).map((name) => (name.type === 'url' ? name.value : undefined)).filter(httpOnly);
}

/** A CRL from `url`, parsed to be sure it is one (not an error page served with 200). */
export async function fetchCrl(url: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
  const bytes = await fetchBytes(url, { headers: { accept: 'application/pkix-crl, application/x-pkcs7-crl' } }, signal);
  new x509.X509Crl(bytes);
  return bytes;
}

/** A successful OCSP response (RFC 6960) for `certificate` from `url`. */
export async function fetchOcsp(
  url: string,
  certificate: Uint8Array,
  issuer: Uint8Array,
  signal: AbortSignal | undefined,
): Promise<Uint8Array> {
  const request = new pkijs.OCSPRequest();
  await request.createForCertificate(pkijs.Certificate.fromBER(new Uint8Array(certificate)), {
    hashAlgorithm: 'SHA-1', // what responders universally index by (RFC 5019)
    issuerCertificate: pkijs.Certificate.fromBER(new Uint8Array(issuer)),
  });
  const bytes = await fetchBytes(
    url,
    {
      method: 'POST',
      headers: { 'content-type': 'application/ocsp-request', accept: 'application/ocsp-response' },
      body: new Uint8Array(request.toSchema(true).toBER(false)),
    },
    signal,
  );
  const status = pkijs.OCSPResponse.fromBER(bytes).responseStatus.valueBlock.valueDec;
  if (status !== 0) throw new Error(`${url} answered OCSP status ${status}`);
  return bytes;
}
