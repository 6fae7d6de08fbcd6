import 'server-only';
import * as asn1js from 'asn1js';
import type * as pkijsTypes from 'pkijs';
import { digest, digestName, sameBytes } from './crypto-engine';
import { attribute, certDer, OID } from './parse-cms';

export type TSigningCertificateCheck = { present: boolean; matches: boolean };

/**
 * CAdES binds the signer's certificate into the signed attributes
 * (signing-certificate-v2, or v1 with SHA-1): its hash must be the hash of the
 * certificate the CMS carries, so the certificate cannot be swapped or edited.
 */
export async function checkSigningCertificate(
  signerInfo: pkijsTypes.SignerInfo,
  cert: pkijsTypes.Certificate,
): Promise<TSigningCertificateCheck> {
  const attributes = signerInfo.signedAttrs?.attributes;
  const v2 = attribute(attributes, OID.signingCertificateV2);
  const v1 = attribute(attributes, OID.signingCertificate);
  const value = v2 ?? v1;
  if (!value) return { present: false, matches: false };
  try {
    const certs = (value as asn1js.Sequence).valueBlock.value[0] as asn1js.Sequence;
    const first = certs.valueBlock.value[0] as asn1js.Sequence;
    const [head, second] = first.valueBlock.value;
    let algorithm = v2 ? 'SHA-256' : 'SHA-1';
    let hash: asn1js.OctetString;
    if (head instanceof asn1js.Sequence) {
      const oid = head.valueBlock.value[0] as asn1js.ObjectIdentifier;
      algorithm = digestName(oid.valueBlock.toString()) ?? '';
      hash = second as asn1js.OctetString;
    } else hash = head as asn1js.OctetString;
    if (!algorithm || !(hash instanceof asn1js.OctetString)) return { present: true, matches: false };
    return { present: true, matches: sameBytes(await digest(algorithm, certDer(cert)), hash.valueBlock.valueHexView) };
  } catch {
    return { present: true, matches: false };
  }
}
