import { createHash, createPublicKey, verify } from 'node:crypto';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';

const HASHES: Record<string, string> = {
  '2.16.840.1.101.3.4.2.1': 'sha256',
  '2.16.840.1.101.3.4.2.2': 'sha384',
  '2.16.840.1.101.3.4.2.3': 'sha512',
};
const MESSAGE_DIGEST = '1.2.840.113549.1.9.4';

/**
 * Checks that a timestamp token is signed by the certificate it carries
 * (certReq) over its TSTInfo. pkijs's own verify does not normalise the
 * rsaEncryption signature algorithm OpenSSL-based TSAs write, so this is done
 * with node:crypto. Trust in the TSA is not judged here (the validator does).
 */
export function assertTokenSigned(signedData: pkijs.SignedData, tstInfo: ArrayBuffer): void {
  const signer = signedData.signerInfos[0];
  if (!signer?.signedAttrs) throw new Error('the token has no signed attributes');
  const hash = HASHES[signer.digestAlgorithm.algorithmId];
  if (!hash) throw new Error(`the token uses an unsupported digest (${signer.digestAlgorithm.algorithmId})`);
  const digest = signer.signedAttrs.attributes.find((attribute) => attribute.type === MESSAGE_DIGEST)?.values[0] as
    asn1js.OctetString | undefined;
  if (
    !digest ||
    !Buffer.from(digest.valueBlock.valueHexView).equals(createHash(hash).update(Buffer.from(tstInfo)).digest())
  ) {
    throw new Error("the token's message digest does not match its TSTInfo");
  }
  const sid = signer.sid;
  const certificate = signedData.certificates?.find(
    (item): item is pkijs.Certificate =>
      item instanceof pkijs.Certificate &&
      sid instanceof pkijs.IssuerAndSerialNumber &&
      item.serialNumber.isEqual(sid.serialNumber) &&
      item.issuer.isEqual(sid.issuer),
  );
  if (!certificate) throw new Error("the token does not carry the TSA's certificate (certReq)");
  const signedAttributes = new asn1js.Set({
    value: signer.signedAttrs.attributes.map((attribute) => attribute.toSchema()),
  }).toBER(false);
  const key = createPublicKey({
    key: Buffer.from(certificate.subjectPublicKeyInfo.toSchema().toBER(false)),
    format: 'der',
    type: 'spki',
  });
  if (!verify(hash, Buffer.from(signedAttributes), key, Buffer.from(signer.signature.valueBlock.valueHexView))) {
    throw new Error("the token's signature does not verify");
  }
}
