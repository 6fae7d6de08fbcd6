import 'server-only';
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
import { arrayBuffer, digest, digestName, sameBytes } from './crypto-engine';
import { formatDn } from './distinguished-name';
import { certNames, OID, parseCms, type TParsedCms } from './parse-cms';
import { verifyCmsSignature } from './verify-cms-signature';
import { anchorCerts } from './build-trust-chain';
import { checkCmsIntegrity } from './check-cms-structure';
import { checkSigningCertificate } from './check-signing-certificate';
import type { TTrustAnchors } from './trust-anchors';

export type TTimestampCheck = {
  /** The token's own CMS verifies and its message imprint is the hash of `imprinted`. */
  valid: boolean;
  /** The imprint matched (false: the timestamped bytes changed). */
  imprintMatches: boolean;
  time: Date | null;
  /** The time-stamp authority: its certificate's subject, else the TSTInfo's tsa name. */
  authority: string;
  cms: TParsedCms | null;
  signerCert: pkijs.Certificate | null;
  problem: string | null;
};

/**
 * Checks an RFC 3161 time-stamp token over `imprinted` (a signature value, or
 * for a document timestamp the ByteRange bytes): its CMS verifies against the
 * TSA's certificate, and the TSTInfo's message imprint is their hash.
 */
export async function verifyTimestampToken(
  token: Uint8Array,
  imprinted: Uint8Array,
  anchors: TTrustAnchors,
): Promise<TTimestampCheck> {
  const failed = (problem: string, rest: Partial<TTimestampCheck> = {}): TTimestampCheck => ({
    valid: false,
    imprintMatches: false,
    time: null,
    authority: 'unknown',
    cms: null,
    signerCert: null,
    problem,
    ...rest,
  });
  let cms: TParsedCms;
  let tst: pkijs.TSTInfo;
  try {
    cms = parseCms(token);
    const eContent = cms.signedData.encapContentInfo;
    if (eContent.eContentType !== OID.tstInfo || !eContent.eContent)
      return failed('The timestamp token holds no TSTInfo.');
    const asn = asn1js.fromBER(arrayBuffer(new Uint8Array(eContent.eContent.getValue())));
    tst = new pkijs.TSTInfo({ schema: asn.result });
  } catch (error) {
    return failed(`The timestamp token cannot be read: ${(error as Error).message}`);
  }
  const time = tst.genTime;
  // pkijs checks a TSTInfo's imprint against the data it is given (code 15 on a mismatch, as for the digest).
  const check = await verifyCmsSignature(cms, imprinted);
  const authority = check.signerCert ? certNames(check.signerCert).subject : tsaName(tst);
  const base = { time, authority, cms, signerCert: check.signerCert };
  const algorithm = digestName(tst.messageImprint.hashAlgorithm.algorithmId);
  if (!algorithm) return failed('The timestamp uses an unknown hash algorithm.', base);
  const expected = await digest(algorithm, imprinted);
  const imprintMatches = sameBytes(expected, new Uint8Array(tst.messageImprint.hashedMessage.getValue()));
  // The token's unsigned parts too: its encoding, digest list, certificates, and the TSA certificate its signed attributes name.
  const damage = await checkCmsIntegrity(cms, token, [
    ...anchorCerts(anchors.instance),
    ...anchorCerts(anchors.system),
  ]);
  const binding = check.signerCert ? await checkSigningCertificate(cms.signerInfo, check.signerCert) : null;
  if (binding?.present && !binding.matches)
    damage.push('The token names a different TSA certificate than the one it carries.');
  const cmsOk = check.digestMatches && check.signatureVerified === true && damage.length === 0;
  const problem = !imprintMatches
    ? "The timestamped bytes changed: the token's message imprint differs."
    : cmsOk
      ? null
      : `The timestamp token's own signature fails: ${check.problem ?? damage.join(' ')}`;
  return { ...base, valid: imprintMatches && cmsOk, imprintMatches, problem };
}

function tsaName(tst: pkijs.TSTInfo): string {
  const value: unknown = tst.tsa?.value;
  return value && typeof value === 'object' && 'typesAndValues' in value
    ? formatDn(value as pkijs.RelativeDistinguishedNames)
    : 'unknown';
}
