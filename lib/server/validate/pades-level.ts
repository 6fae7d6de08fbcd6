import 'server-only';
import type { TPadesLevel } from '@/lib/api/v1/validate';

export type TLevelFacts = {
  subFilter: string | null;
  /** The signed attributes carry signing-certificate-v2 (or v1), binding the certificate: CAdES. */
  hasSigningCertificate: boolean;
  hasSignatureTimestamp: boolean;
  /** A later revision's DSS holds the signer's certificate (and so its chain and revocation data). */
  dssHoldsSigner: boolean;
  /** A document timestamp covers a revision that already had that DSS. */
  timestampAfterDss: boolean;
};

/** ETSI EN 319 142-1 baseline levels, each requiring the one before; null for non-PAdES (adbe.pkcs7.*) signatures. */
export function padesLevel(facts: TLevelFacts): TPadesLevel | null {
  if (facts.subFilter !== 'ETSI.CAdES.detached' || !facts.hasSigningCertificate) return null;
  if (!facts.hasSignatureTimestamp) return 'B-B';
  if (!facts.dssHoldsSigner) return 'B-T';
  return facts.timestampAfterDss ? 'B-LTA' : 'B-LT';
}
