import 'server-only';
import type * as pkijsTypes from 'pkijs';
import { arrayBuffer, usePkijs } from './crypto-engine';
import type { TParsedCms } from './parse-cms';

export type TCmsCheck = {
  /** The message digest in the signed attributes equals the hash of `data` (false: the covered bytes changed). */
  digestMatches: boolean;
  /** The signature verifies with the signer's own certificate (null: not reached, the digest differed first). */
  signatureVerified: boolean | null;
  signerCert: pkijsTypes.Certificate | null;
  problem: string | null;
};

/** pkijs's SignedDataVerifyError codes that mean "the content's hash differs", not "the cryptography is broken". */
const DIGEST_MISMATCH = 15;

/**
 * SignedData.verify without chain checks (trust is built separately): the
 * message digest over `data` (the ByteRange bytes; for a timestamp token its
 * own TSTInfo, so pass nothing), then the signature over the signed
 * attributes with the signer's certificate.
 */
export async function verifyCmsSignature(cms: TParsedCms, data?: Uint8Array): Promise<TCmsCheck> {
  usePkijs();
  try {
    const result = await cms.signedData.verify({
      signer: 0,
      data: data ? arrayBuffer(data) : new ArrayBuffer(0),
      checkChain: false,
      extendedMode: true,
    });
    return {
      digestMatches: true,
      signatureVerified: result.signatureVerified === true,
      signerCert: result.signerCertificate ?? cms.signerCert,
      problem: result.signatureVerified ? null : 'The signature does not verify with the signer\'s certificate.',
    };
  } catch (error) {
    const failure = error as { code?: number; message?: string; signerCertificate?: pkijsTypes.Certificate };
    const signerCert = failure.signerCertificate ?? cms.signerCert;
    if (failure.code === DIGEST_MISMATCH) {
      return { digestMatches: false, signatureVerified: null, signerCert, problem: 'The signed bytes changed: their digest differs from the one in the signature.' };
    }
    return { digestMatches: true, signatureVerified: false, signerCert, problem: `The signature cannot be verified: ${failure.message ?? 'unknown error'}.` };
  }
}
