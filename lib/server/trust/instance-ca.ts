import 'server-only';
import { getInstanceTrust } from './instance-trust';

/**
 * The CA that signs this instance's seal certificate, as published at
 * GET /api/v1/trust/ca.pem. With SIGNING_P12 set the seal is made with that
 * key instead, but the instance CA still exists (it signs the CRL it serves).
 */
export async function getInstanceCa(): Promise<{ certificatePem: string; certificateDer: Uint8Array }> {
  const { ca } = await getInstanceTrust();
  return { certificatePem: ca.certificatePem, certificateDer: ca.certificateDer };
}
