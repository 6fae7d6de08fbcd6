import 'server-only';
import { CryptoKeySigner, type Signer } from '@libpdf/core';
import { getEnv } from '@/lib/env';
import { getInstanceTrust } from './instance-trust';
import { loadP12Signer } from './load-p12-signer';

let p12Signer: Promise<Signer> | undefined;

/**
 * The key that seals documents: SIGNING_P12 when set (opened once per
 * process), otherwise the instance's seal key with its chain [seal, CA].
 */
export async function getSealSigner(): Promise<Signer> {
  const env = getEnv();
  if (env.SIGNING_P12) {
    p12Signer ??= loadP12Signer(env.SIGNING_P12, env.SIGNING_P12_PASSWORD ?? '').catch((error: unknown) => {
      p12Signer = undefined;
      throw error;
    });
    return p12Signer;
  }
  const { ca, seal } = await getInstanceTrust();
  return new CryptoKeySigner(seal.privateKey, seal.certificateDer, 'RSA', 'RSASSA-PKCS1-v1_5', [ca.certificateDer]);
}
