import 'server-only';
import type { RevocationProvider } from '@libpdf/core';
import { crlUrls, fetchCrl, fetchOcsp, ocspUrls } from './fetch-revocation';
import { getInstanceCrl } from './instance-crl';
import { x509 } from './x509';

const message = (error: unknown) => (error instanceof Error ? error.message : String(error));

/**
 * Revocation data for the DSS (B-LT). Certificates our instance CA issued are
 * answered from getInstanceCrl() directly (never HTTP to ourselves), with a
 * CRL issued after the signature; the CA itself, a root, has none. Other
 * certificates (the TSA's, a SIGNING_P12 chain) get an OCSP response from the
 * responder they name, else the CRL of their distribution point (libpdf
 * asks OCSP first and falls back to the CRL). A certificate whose named
 * sources all fail makes getCRL throw, so the seal fails and is retried
 * rather than lack the data. (libpdf 0.4.2 does not export its own
 * DefaultRevocationProvider, hence this.)
 */
export function sealRevocationProvider(options: {
  instanceCa?: Uint8Array;
  issuedAfter: Date;
  signal?: AbortSignal;
}): RevocationProvider {
  const ca = options.instanceCa ? new x509.X509Certificate(new Uint8Array(options.instanceCa)) : undefined;
  const issuedByUs = async (certificate: x509.X509Certificate) =>
    ca !== undefined &&
    certificate.issuer === ca.subject &&
    (await certificate.verify({ publicKey: ca.publicKey, signatureOnly: true }));
  const ocspProblems = new Map<string, string>();

  return {
    async getOCSP(cert, issuer) {
      const certificate = new x509.X509Certificate(new Uint8Array(cert));
      if (await issuedByUs(certificate)) return null; // our CA answers by CRL
      for (const url of ocspUrls(certificate)) {
        try {
          return await fetchOcsp(url, cert, issuer, options.signal);
        } catch (error) {
          options.signal?.throwIfAborted();
          ocspProblems.set(certificate.serialNumber, message(error));
        }
      }
      return null;
    },
    async getCRL(cert) {
      const certificate = new x509.X509Certificate(new Uint8Array(cert));
      if (await issuedByUs(certificate)) return getInstanceCrl({ issuedAfter: options.issuedAfter });
      if (ca && certificate.subject === ca.subject && certificate.issuer === ca.subject) return null;
      const problems = ocspProblems.has(certificate.serialNumber) ? [ocspProblems.get(certificate.serialNumber)!] : [];
      for (const url of crlUrls(certificate)) {
        try {
          return await fetchCrl(url, options.signal);
        } catch (error) {
          options.signal?.throwIfAborted();
          problems.push(message(error));
        }
      }
      if (problems.length) throw new Error(`no revocation data for ${certificate.subject}: ${problems.join('; ')}`);
      return null; // it names no source: a root, or a certificate its CA never revokes
    },
  };
}
