import 'server-only';
import * as asn1js from 'asn1js';
import type * as pkijsTypes from 'pkijs';
import { arrayBuffer, cryptoEngine, digest, sameBytes } from './crypto-engine';
import { attribute, OID, type TParsedCms } from './parse-cms';

export type TCmsCheck = {
  /** The message digest in the signed attributes equals the hash of the content (false: the covered bytes changed). */
  digestMatches: boolean;
  /** The signature verifies with the signer's own certificate (null: not reached, the digest differed first). */
  signatureVerified: boolean | null;
  signerCert: pkijsTypes.Certificate | null;
  problem: string | null;
};

/** The content the message digest is over: the encapsulated content (a timestamp's TSTInfo), else the detached `data`. */
function signedContent(cms: TParsedCms, data: Uint8Array | undefined): Uint8Array | null {
  const eContent = cms.signedData.encapContentInfo.eContent;
  if (eContent) return new Uint8Array(eContent.getValue());
  return data ?? null;
}

/**
 * The message digest compared by us (so a changed document is told apart
 * from broken cryptography), then SignedData.verify without chain checks
 * (trust is built separately) for the signature over the signed attributes.
 * `data`: the ByteRange bytes; for a timestamp token, the bytes it imprints.
 */
export async function verifyCmsSignature(cms: TParsedCms, data?: Uint8Array): Promise<TCmsCheck> {
  const content = signedContent(cms, data);
  const signed = attribute(cms.signerInfo.signedAttrs?.attributes, OID.messageDigest);
  if (content && cms.digestAlgorithm && signed instanceof asn1js.OctetString) {
    const matches = sameBytes(await digest(cms.digestAlgorithm, content), signed.valueBlock.valueHexView);
    if (!matches) {
      return {
        digestMatches: false,
        signatureVerified: null,
        signerCert: cms.signerCert,
        problem: 'The signed bytes changed: their digest differs from the one in the signature.',
      };
    }
  }
  try {
    const result = await cms.signedData.verify(
      { signer: 0, data: data ? arrayBuffer(data) : new ArrayBuffer(0), checkChain: false, extendedMode: true },
      cryptoEngine(),
    );
    return {
      digestMatches: true,
      signatureVerified: result.signatureVerified === true,
      signerCert: result.signerCertificate ?? cms.signerCert,
      problem: result.signatureVerified ? null : "The signature does not verify with the signer's certificate.",
    };
  } catch (error) {
    const failure = error as { message?: string; signerCertificate?: pkijsTypes.Certificate };
    return {
      digestMatches: true,
      signatureVerified: false,
      signerCert: failure.signerCertificate ?? cms.signerCert,
      problem: `The signature cannot be verified: ${failure.message ?? 'unknown error'}.`,
    };
  }
}
