import 'server-only';
import { randomBytes } from 'node:crypto';
import { x509 } from './x509';
import { caSubject, crlUrl, DOCUMENT_SIGNING_EKU, KEY_ALGORITHM, sealSubject, SIGNING_ALGORITHM } from './trust-names';

export type TNewTrustKey = { certificatePem: string; pkcs8: ArrayBuffer };

const YEAR_MS = 365.25 * 24 * 60 * 60 * 1000;

/** A positive 16-byte serial (RFC 5280: unique per issuer, at most 20 bytes). */
function serial(): string {
  const bytes = randomBytes(16);
  bytes[0] = ((bytes[0] ?? 0) & 0x7f) | 0x01;
  return bytes.toString('hex');
}

/**
 * A new CA (20 years) and a seal certificate it issues (10 years) for this
 * instance: RSA 3072. The seal certificate's key usage is digitalSignature
 * and nonRepudiation (critical), its extended key usage document signing
 * and emailProtection (so `openssl cms -verify` passes with its default
 * S/MIME purpose), and its CRL distribution point is this instance's CRL.
 */
export async function createTrustKeys(
  appUrl: string,
  now = new Date(),
): Promise<{ ca: TNewTrustKey; seal: TNewTrustKey }> {
  const notBefore = new Date(now.getTime() - 60 * 60 * 1000); // an hour of slack for clocks behind ours
  const caKeys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const ca = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: serial(),
    name: caSubject(appUrl),
    notBefore,
    notAfter: new Date(now.getTime() + 20 * YEAR_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    keys: caKeys,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign, true),
      await x509.SubjectKeyIdentifierExtension.create(caKeys.publicKey),
    ],
  });
  const sealKeys = await crypto.subtle.generateKey(KEY_ALGORITHM, true, ['sign', 'verify']);
  const seal = await x509.X509CertificateGenerator.create({
    serialNumber: serial(),
    subject: sealSubject(appUrl),
    issuer: ca.subject,
    notBefore,
    notAfter: new Date(now.getTime() + 10 * YEAR_MS),
    signingAlgorithm: SIGNING_ALGORITHM,
    publicKey: sealKeys.publicKey,
    signingKey: caKeys.privateKey,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature | x509.KeyUsageFlags.nonRepudiation, true),
      new x509.ExtendedKeyUsageExtension([DOCUMENT_SIGNING_EKU, x509.ExtendedKeyUsage.emailProtection]),
      await x509.SubjectKeyIdentifierExtension.create(sealKeys.publicKey),
      await x509.AuthorityKeyIdentifierExtension.create(ca),
      new x509.CRLDistributionPointsExtension([crlUrl(appUrl)]),
    ],
  });
  return {
    ca: { certificatePem: ca.toString('pem'), pkcs8: await crypto.subtle.exportKey('pkcs8', caKeys.privateKey) },
    seal: { certificatePem: seal.toString('pem'), pkcs8: await crypto.subtle.exportKey('pkcs8', sealKeys.privateKey) },
  };
}
