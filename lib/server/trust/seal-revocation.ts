import 'server-only';
import type { RevocationProvider } from '@libpdf/core';
import { x509 } from './x509';
import { getInstanceCrl } from './instance-crl';

const FETCH_TIMEOUT_MS = 10_000;
const MAX_CRL_BYTES = 20 * 1024 * 1024;

async function fetchCrl(url: string, signal: AbortSignal | undefined): Promise<Uint8Array> {
  const response = await fetch(url, {
    headers: { accept: 'application/pkix-crl, application/x-pkcs7-crl' },
    signal: AbortSignal.any([AbortSignal.timeout(FETCH_TIMEOUT_MS), ...(signal ? [signal] : [])]),
  });
  if (!response.ok) throw new Error(`${url} answered HTTP ${response.status}`);
  const bytes = new Uint8Array(await response.arrayBuffer());
  if (bytes.length > MAX_CRL_BYTES) throw new Error(`${url} sent more than ${MAX_CRL_BYTES} bytes`);
  // Parsing proves it is a CRL, not an error page served with 200.
  new x509.X509Crl(bytes);
  return bytes;
}

function distributionPoints(certificate: x509.X509Certificate): string[] {
  const extension = certificate.getExtension(x509.CRLDistributionPointsExtension);
  return (extension?.distributionPoints ?? [])
    .flatMap((point) => point.distributionPoint?.fullName ?? [])
    .map((name) => name.uniformResourceIdentifier)
    .filter((uri): uri is string => typeof uri === 'string' && /^https?:\/\//.test(uri));
}

/**
 * Revocation data for the DSS (B-LT). Certificates our instance CA issued are
 * answered from getInstanceCrl() directly (never HTTP to ourselves), with a
 * CRL issued after the signature; the CA itself, a root, has none. Other
 * certificates (the TSA's, a SIGNING_P12 chain) get the CRL their
 * distribution point names. OCSP is not asked: libpdf 0.4.2 does not export
 * its DefaultRevocationProvider, and every public TSA names a CRL. A CRL that
 * cannot be fetched throws, so the seal fails and is retried rather than
 * lack the data.
 */
export function sealRevocationProvider(options: { instanceCa?: Uint8Array; issuedAfter: Date; signal?: AbortSignal }): RevocationProvider {
  const ca = options.instanceCa ? new x509.X509Certificate(new Uint8Array(options.instanceCa)) : undefined;
  const issuedByUs = async (certificate: x509.X509Certificate) =>
    ca !== undefined && certificate.issuer === ca.subject && (await certificate.verify({ publicKey: ca.publicKey, signatureOnly: true }));

  return {
    async getCRL(cert) {
      const certificate = new x509.X509Certificate(new Uint8Array(cert));
      if (await issuedByUs(certificate)) return getInstanceCrl({ issuedAfter: options.issuedAfter });
      if (ca && certificate.subject === ca.subject && certificate.issuer === ca.subject) return null;
      const urls = distributionPoints(certificate);
      const problems: string[] = [];
      for (const url of urls) {
        try {
          return await fetchCrl(url, options.signal);
        } catch (error) {
          options.signal?.throwIfAborted();
          problems.push(error instanceof Error ? error.message : String(error));
        }
      }
      if (problems.length) throw new Error(`no CRL for ${certificate.subject}: ${problems.join('; ')}`);
      return null;
    },
  };
}
