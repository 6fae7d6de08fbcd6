import 'server-only';
import * as asn1js from 'asn1js';
import * as pkijs from 'pkijs';
import { arrayBuffer, cryptoEngine, digestName } from './crypto-engine';
import type { TParsedCms } from './parse-cms';

type TNode = { lenBlock?: { isIndefiniteForm?: boolean }; valueBlock?: { value?: unknown } };

function usesIndefiniteLength(node: TNode, depth = 0): boolean {
  if (node.lenBlock?.isIndefiniteForm) return true;
  const children = node.valueBlock?.value;
  return (
    depth < 64 && Array.isArray(children) && children.some((child) => usesIndefiniteLength(child as TNode, depth + 1))
  );
}

/**
 * The CMS is the DER it claims to be: encoded again it gives the same bytes
 * (BER with indefinite lengths, which some signers write, is let through), so
 * a changed length or tag in an unsigned part is not silently read around.
 */
export function isCanonical(der: Uint8Array): boolean {
  const asn = asn1js.fromBER(arrayBuffer(der));
  if (asn.offset !== der.length) return false;
  if (usesIndefiniteLength(asn.result as unknown as TNode)) return true;
  return Buffer.from(asn.result.toBER(false)).equals(Buffer.from(der));
}

const plainParams = (algorithm: pkijs.AlgorithmIdentifier) =>
  algorithm.algorithmParams === undefined || algorithm.algorithmParams instanceof asn1js.Null;

/** SignedData's digestAlgorithms (not covered by the signature) must be known digests that include the signer's. */
export function digestAlgorithmsAgree(cms: TParsedCms): boolean {
  const listed = cms.signedData.digestAlgorithms;
  return (
    plainParams(cms.signerInfo.digestAlgorithm) &&
    listed.every((algorithm) => digestName(algorithm.algorithmId) !== null && plainParams(algorithm)) &&
    listed.some((algorithm) => algorithm.algorithmId === cms.digestOid)
  );
}

function keyIds(cert: pkijs.Certificate): { ski: string | null; aki: string | null } {
  const ext = (oid: string) => cert.extensions?.find((item) => item.extnID === oid)?.parsedValue as unknown;
  const ski = ext('2.5.29.14');
  const aki = ext('2.5.29.35') as { keyIdentifier?: asn1js.OctetString } | undefined;
  const hex = (value: unknown) =>
    value instanceof asn1js.OctetString ? Buffer.from(value.valueBlock.valueHexView).toString('hex') : null;
  return { ski: hex(ski), aki: hex(aki?.keyIdentifier) };
}

const sameKey = (a: pkijs.Certificate, b: pkijs.Certificate) =>
  Buffer.from(a.subjectPublicKeyInfo.toSchema().toBER(false)).equals(
    Buffer.from(b.subjectPublicKeyInfo.toSchema().toBER(false)),
  );
const der = (cert: pkijs.Certificate) => Buffer.from(cert.toSchema(true).toBER(false));

/**
 * Certificates in the CMS (signed by no one in it) must carry a valid
 * signature of their issuer whenever that issuer is at hand: in the CMS, a
 * trust anchor, or itself for a self-issued root; and a certificate that is
 * a copy of one we know (same subject and key) but differs from it must
 * verify on its own. A changed byte in a certificate is then reported, not
 * silently dropped from the chain.
 */
export async function countDamagedCertificates(
  certificates: pkijs.Certificate[],
  anchors: pkijs.Certificate[],
): Promise<number> {
  const pool = [...certificates, ...anchors];
  let damaged = 0;
  for (const cert of certificates) {
    const { aki } = keyIds(cert);
    const byName = pool.filter((candidate) => candidate.subject.isEqual(cert.issuer));
    const byKey = byName.filter((candidate) => aki && keyIds(candidate).ski === aki);
    const twins = pool.filter(
      (candidate) =>
        candidate !== cert &&
        candidate.subject.isEqual(cert.subject) &&
        sameKey(candidate, cert) &&
        !der(candidate).equals(der(cert)),
    );
    const issuers = [...(byKey.length > 0 ? byKey : byName), ...(twins.length > 0 ? [cert] : [])];
    if (issuers.length === 0) continue; // its issuer is not here: nothing to check it against
    let verified = false;
    for (const issuer of issuers)
      if (!verified) verified = await cert.verify(issuer, cryptoEngine()).catch(() => false);
    if (!verified) damaged += 1;
  }
  return damaged;
}

/** RFC 5652: SignedData versions are 1, 3, 4 or 5, and 3 or more when the content is not plain data (a TSTInfo). */
export function versionAgrees(cms: TParsedCms): boolean {
  const { version, encapContentInfo } = cms.signedData;
  if (![1, 3, 4, 5].includes(version)) return false;
  return encapContentInfo.eContentType === '1.2.840.113549.1.7.1' || version >= 3;
}

const algorithmDer = (algorithm: pkijs.AlgorithmIdentifier) => Buffer.from(algorithm.toSchema().toBER(false));
const RSA_PSS = '1.2.840.113549.1.1.10';

/**
 * The encodings around the signed parts: a certificate's outer algorithm is
 * its signed one (RFC 5280) and its signature has no unused bits; the signer
 * info's version fits (1 or 3) and its signature algorithm carries no stray
 * parameters. None of these is covered by any signature.
 */
export function envelopesAgree(cms: TParsedCms): boolean {
  const certsAgree = cms.certificates.every(
    (cert) =>
      algorithmDer(cert.signatureAlgorithm).equals(algorithmDer(cert.signature)) &&
      cert.signatureValue.valueBlock.unusedBits === 0,
  );
  const { version, signatureAlgorithm } = cms.signerInfo;
  return (
    certsAgree &&
    [1, 3].includes(version) &&
    (plainParams(signatureAlgorithm) || signatureAlgorithm.algorithmId === RSA_PSS)
  );
}

/** Everything unsigned in a CMS that could change without breaking its signature: plain-English problems, none when it holds. */
export async function checkCmsIntegrity(
  cms: TParsedCms,
  der: Uint8Array,
  anchors: pkijs.Certificate[],
): Promise<string[]> {
  const problems: string[] = [];
  if (!isCanonical(der)) problems.push("The signature's encoding is damaged: its lengths do not match its content.");
  if (!envelopesAgree(cms))
    problems.push("The signature's unsigned framing was altered (algorithm parameters, versions or bit strings).");
  if (!versionAgrees(cms)) problems.push("The signature's version does not fit its content.");
  if (!digestAlgorithmsAgree(cms))
    problems.push("The signature lists digest algorithms that do not match its signer's.");
  if ((await countDamagedCertificates(cms.certificates, anchors)) > 0)
    problems.push("A certificate in the signature is damaged: its issuer's signature does not verify.");
  return problems;
}
