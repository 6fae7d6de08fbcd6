import 'server-only';
import { getEnv } from '@/lib/env';
import { sealPdf, type TSealResult } from '@/lib/server/pdf/seal/seal-pdf';
import { getInstanceCa } from '../trust/instance-ca';
import { sealRevocationProvider } from '../trust/seal-revocation';
import { getSealSigner } from '../trust/seal-signer';

/**
 * Seals a PDF with this instance's seal key (SIGNING_P12, or the instance's
 * own), timestamped by TSA_URL when set (B-LTA; B-B otherwise). Throws
 * SERVICE_UNAVAILABLE (tsa_unavailable, revocation_unavailable) when it
 * cannot be done now; the caller's job retries.
 */
export async function sealWithInstanceKey(
  bytes: Uint8Array,
  options: { signal?: AbortSignal } = {},
): Promise<TSealResult> {
  const env = getEnv();
  const signer = await getSealSigner();
  const signingTime = new Date();
  const instanceCa = env.SIGNING_P12 ? undefined : (await getInstanceCa()).certificateDer;
  return sealPdf(bytes, {
    signer,
    tsaUrl: env.TSA_URL,
    revocation: sealRevocationProvider({ instanceCa, issuedAfter: signingTime, signal: options.signal }),
    signal: options.signal,
    signingTime,
    reason: 'Sealed on completion of signing',
    location: new URL(env.appUrl).host,
  });
}
