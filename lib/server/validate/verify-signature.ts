import 'server-only';
import type * as pkijsTypes from 'pkijs';
import type { TSignatureReport } from '@/lib/api/v1/validate';
import { anchorCerts, buildTrustChain } from './build-trust-chain';
import { checkCmsIntegrity } from './check-cms-structure';
import { checkSigningCertificate } from './check-signing-certificate';
import { sameBytes } from './crypto-engine';
import { coveredBytes, type TFoundSignature } from './find-signatures';
import { attribute, certDer, certNames, OID, parseCms, signingTimeOf, type TParsedCms } from './parse-cms';
import { parsePdfDate } from './pdf-date';
import type { TTrustAnchors } from './trust-anchors';
import { verifyCmsSignature } from './verify-cms-signature';
import { verifyTimestampToken } from './verify-timestamp-token';

/** One signature's cryptography: what the validator's report says of it, and whether its bytes changed or it is broken. */
export type TSignatureCheck = {
  report: TSignatureReport;
  status: 'intact' | 'modified' | 'invalid';
  /** The signer's certificate (level and DSS checks use it). */
  signerCert: pkijsTypes.Certificate | null;
  hasSigningCertificate: boolean;
};

export type TSignatureContext = {
  bytes: Uint8Array;
  anchors: TTrustAnchors;
  dssCertificates: pkijsTypes.Certificate[];
  fieldName: string | null;
};

/** The report of a signature that cannot be checked at all. */
export function brokenSignature(
  found: TFoundSignature | null,
  fieldName: string | null,
  problems: string[],
  fileLength: number,
): TSignatureCheck {
  return {
    status: 'invalid',
    signerCert: null,
    hasSigningCertificate: false,
    report: {
      kind: found?.type === 'DocTimeStamp' || found?.subFilter === 'ETSI.RFC3161' ? 'document_timestamp' : 'signature',
      fieldName,
      signer: { subject: 'unknown', issuer: 'unknown' },
      signedAt: parsePdfDate(found?.signingTimeText ?? null)?.toISOString() ?? null,
      timestamp: null,
      digestAlgorithm: null,
      subFilter: found?.subFilter ?? null,
      coversWholeDocument: found?.byteRange ? found.byteRange[2] + found.byteRange[3] === fileLength : false,
      intact: false,
      trust: 'untrusted',
      trustAnchor: null,
      chain: [],
      level: null,
      changesAfter: [],
      problems,
    },
  };
}

/**
 * Checks one signature dictionary's cryptography: the digest over its
 * ByteRange, the CMS signature against its own certificate, the certificate
 * binding, the signature timestamp, and the chain to a trusted root. Changes
 * after signing and the PAdES level are judged by the caller (validate-pdf.ts).
 */
export async function verifySignature(found: TFoundSignature, context: TSignatureContext): Promise<TSignatureCheck> {
  if (!found.byteRange || !found.contents || found.problems.length > 0)
    return brokenSignature(found, context.fieldName, found.problems, context.bytes.byteLength);
  const covered = coveredBytes(context.bytes, found.byteRange);
  const coversWholeDocument = found.byteRange[2] + found.byteRange[3] === context.bytes.byteLength;
  const isTimestamp = found.type === 'DocTimeStamp' || found.subFilter === 'ETSI.RFC3161';
  let cms: TParsedCms;
  try {
    cms = parseCms(found.contents);
  } catch (error) {
    return brokenSignature(found, context.fieldName, [(error as Error).message], context.bytes.byteLength);
  }
  const problems: string[] = [];
  let status: TSignatureCheck['status'] = 'intact';
  let signerCert = cms.signerCert;
  let signedAt = signingTimeOf(cms.signerInfo) ?? parsePdfDate(found.signingTimeText);
  let timestamp: TSignatureReport['timestamp'] = null;
  let checkDate: Date | null = null;
  if (isTimestamp) {
    const token = await verifyTimestampToken(found.contents, covered, context.anchors);
    signerCert = token.signerCert ?? signerCert;
    signedAt = token.time ?? signedAt;
    checkDate = token.time;
    timestamp = token.time ? { time: token.time.toISOString(), authority: token.authority, valid: token.valid } : null;
    if (!token.imprintMatches) status = 'modified';
    else if (!token.valid) status = 'invalid';
    if (token.problem) problems.push(token.problem);
  } else {
    const check = await verifyCmsSignature(cms, covered);
    signerCert = check.signerCert ?? signerCert;
    if (!check.digestMatches) status = 'modified';
    else if (check.signatureVerified !== true) status = 'invalid';
    if (check.problem) problems.push(check.problem);
    const tokenValue = attribute(cms.signerInfo.unsignedAttrs?.attributes, OID.signatureTimeStamp);
    if (tokenValue) {
      const token = await verifyTimestampToken(
        new Uint8Array(tokenValue.toBER(false)),
        cms.signerInfo.signature.valueBlock.valueHexView,
        context.anchors,
      );
      timestamp = { time: token.time?.toISOString() ?? '', authority: token.authority, valid: token.valid };
      checkDate = token.valid ? token.time : null;
      if (!token.valid) {
        status = status === 'intact' ? 'invalid' : status;
        problems.push(token.problem ?? 'The signature timestamp does not verify.');
      }
    }
  }
  let hasSigningCertificate = false;
  if (signerCert) {
    const binding = await checkSigningCertificate(cms.signerInfo, signerCert);
    hasSigningCertificate = binding.present && binding.matches;
    if (binding.present && !binding.matches) {
      status = status === 'intact' ? 'invalid' : status;
      problems.push('The signed attributes name a different certificate than the one the signature carries.');
    }
  } else {
    status = 'invalid';
    problems.push("The signature does not carry its signer's certificate.");
  }
  const anchors = [...anchorCerts(context.anchors.instance), ...anchorCerts(context.anchors.system)];
  const damage = await checkCmsIntegrity(cms, found.contents, anchors);
  if (damage.length > 0) {
    status = status === 'intact' ? 'invalid' : status;
    problems.push(...damage);
  }
  const pool = [...cms.certificates, ...context.dssCertificates];
  const trust = signerCert
    ? await buildTrustChain(signerCert, pool, context.anchors, checkDate ?? signedAt ?? new Date())
    : null;
  if (trust?.trust === 'untrusted')
    problems.push('The certificate chain does not lead to a root this validator trusts.');
  return {
    status,
    signerCert,
    hasSigningCertificate,
    report: {
      kind: isTimestamp ? 'document_timestamp' : 'signature',
      fieldName: context.fieldName,
      signer: signerCert ? certNames(signerCert) : { subject: 'unknown', issuer: 'unknown' },
      signedAt: signedAt?.toISOString() ?? null,
      timestamp,
      digestAlgorithm: cms.digestAlgorithm ?? cms.digestOid,
      subFilter: found.subFilter,
      coversWholeDocument,
      intact: status === 'intact',
      trust: trust?.trust ?? 'untrusted',
      trustAnchor: trust?.trustAnchor ?? null,
      chain: trust?.chain ?? [],
      level: null,
      changesAfter: [],
      problems,
    },
  };
}

/** Whether `certificates` hold `cert` (by its DER). */
export function holdsCertificate(certificates: pkijsTypes.Certificate[], cert: pkijsTypes.Certificate): boolean {
  const der = certDer(cert);
  return certificates.some((candidate) => sameBytes(certDer(candidate), der));
}
