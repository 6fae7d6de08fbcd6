import 'server-only';
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
import { arrayBuffer, digestName } from './crypto-engine';
import { formatDn } from './distinguished-name';

export const OID = {
  signedData: '1.2.840.113549.1.7.2',
  messageDigest: '1.2.840.113549.1.9.4',
  signingTime: '1.2.840.113549.1.9.5',
  signingCertificate: '1.2.840.113549.1.9.16.2.12',
  signingCertificateV2: '1.2.840.113549.1.9.16.2.47',
  signatureTimeStamp: '1.2.840.113549.1.9.16.2.14',
  tstInfo: '1.2.840.113549.1.9.16.1.4',
} as const;

export type TParsedCms = {
  signedData: pkijs.SignedData;
  signerInfo: pkijs.SignerInfo;
  /** The certificate the signer info names, or null when the CMS does not carry it. */
  signerCert: pkijs.Certificate | null;
  certificates: pkijs.Certificate[];
  digestOid: string;
  digestAlgorithm: string | null;
};

/** Parses a CMS SignedData (a PDF signature's Contents or an RFC 3161 token); throws with a plain reason when it is not one. */
export function parseCms(der: Uint8Array): TParsedCms {
  const asn = asn1js.fromBER(arrayBuffer(der));
  if (asn.offset === -1) throw new Error('The signature is not valid DER.');
  const info = new pkijs.ContentInfo({ schema: asn.result });
  if (info.contentType !== OID.signedData) throw new Error('The signature is not a CMS SignedData.');
  const signedData = new pkijs.SignedData({ schema: info.content });
  const signerInfo = signedData.signerInfos[0];
  if (!signerInfo) throw new Error('The signature has no signer.');
  const certificates = (signedData.certificates ?? []).filter(
    (cert): cert is pkijs.Certificate => cert instanceof pkijs.Certificate,
  );
  const digestOid = signerInfo.digestAlgorithm.algorithmId;
  return {
    signedData,
    signerInfo,
    signerCert: findSignerCert(signerInfo, certificates),
    certificates,
    digestOid,
    digestAlgorithm: digestName(digestOid),
  };
}

function findSignerCert(signerInfo: pkijs.SignerInfo, certificates: pkijs.Certificate[]): pkijs.Certificate | null {
  const sid: unknown = signerInfo.sid;
  if (sid instanceof pkijs.IssuerAndSerialNumber) {
    return (
      certificates.find((cert) => cert.issuer.isEqual(sid.issuer) && cert.serialNumber.isEqual(sid.serialNumber)) ??
      null
    );
  }
  return certificates[0] ?? null;
}

/** The attribute's first value, or undefined. */
export function attribute(attributes: pkijs.Attribute[] | undefined, oid: string): asn1js.AsnType | undefined {
  return attributes?.find((item) => item.type === oid)?.values[0] as asn1js.AsnType | undefined;
}

/** DER of a pkijs certificate. */
export function certDer(cert: pkijs.Certificate): Uint8Array {
  return new Uint8Array(cert.toSchema(true).toBER(false));
}

/** A certificate's subject and issuer as readable distinguished names ("CN=…, O=…"). */
export function certNames(cert: pkijs.Certificate): { subject: string; issuer: string } {
  return { subject: formatDn(cert.subject), issuer: formatDn(cert.issuer) };
}

/** The signing-time attribute as a Date, when present and readable. */
export function signingTimeOf(signerInfo: pkijs.SignerInfo): Date | null {
  const value = attribute(signerInfo.signedAttrs?.attributes, OID.signingTime);
  if (value instanceof asn1js.UTCTime || value instanceof asn1js.GeneralizedTime) return value.toDate();
  return null;
}
