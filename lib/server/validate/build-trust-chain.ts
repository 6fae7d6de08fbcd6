import 'server-only';
import * as pkijs from 'pkijs';
import * as asn1js from 'asn1js';
import type { TTrust } from '@/lib/api/v1/validate';
import { arrayBuffer, cryptoEngine } from './crypto-engine';
import { certDer, certNames } from './parse-cms';
import type { TTrustAnchors } from './trust-anchors';

export type TTrustResult = { trust: TTrust; trustAnchor: string | null; chain: string[] };

const parsedAnchors = new WeakMap<Uint8Array[], pkijs.Certificate[]>();

/** DER to pkijs certificates, parsed once per anchor list (the system store has ~150); unreadable ones are skipped. */
export function anchorCerts(list: Uint8Array[]): pkijs.Certificate[] {
  let certs = parsedAnchors.get(list);
  if (!certs) {
    certs = list.flatMap((der) => {
      try {
        return [new pkijs.Certificate({ schema: asn1js.fromBER(arrayBuffer(der)).result })];
      } catch {
        return [];
      }
    });
    parsedAnchors.set(list, certs);
  }
  return certs;
}

/**
 * Builds the signer's chain from the certificates the file carries (CMS and
 * DSS) to a trusted root, checking each signature and validity at `checkDate`
 * (the timestamp's time when there is one). This instance's CA is tried
 * first, then the system roots (with VALIDATOR_TRUSTED_CAS).
 */
export async function buildTrustChain(
  signer: pkijs.Certificate,
  pool: pkijs.Certificate[],
  anchors: TTrustAnchors,
  checkDate: Date,
): Promise<TTrustResult> {
  for (const trust of ['instance', 'system'] as const) {
    const trustedCerts = anchorCerts(anchors[trust]);
    if (trustedCerts.length === 0) continue;
    // pkijs validates the LAST certificate of `certs` (SignedData.verify pushes its signer last too).
    const engine = new pkijs.CertificateChainValidationEngine({
      trustedCerts,
      certs: [...distinct(pool, signer), signer],
      checkDate,
    });
    const result = await engine.verify({}, cryptoEngine()).catch(() => null);
    if (result?.result && result.certificatePath?.length) {
      const chain = result.certificatePath.map((cert) => certNames(cert).subject);
      return { trust, trustAnchor: chain.at(-1) ?? null, chain };
    }
  }
  return { trust: 'untrusted', trustAnchor: null, chain: nameChain(signer, pool) };
}

/** The pool without duplicates (CMS and DSS often carry the same certificates) and without the signer. */
function distinct(pool: pkijs.Certificate[], signer: pkijs.Certificate): pkijs.Certificate[] {
  const seen = new Set([Buffer.from(certDer(signer)).toString('base64')]);
  return pool.filter((cert) => {
    const key = Buffer.from(certDer(cert)).toString('base64');
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The chain as far as names lead (for display when it reaches no trusted root). */
function nameChain(signer: pkijs.Certificate, pool: pkijs.Certificate[]): string[] {
  const chain = [signer];
  for (let current = signer; chain.length < 10;) {
    if (current.issuer.isEqual(current.subject)) break;
    const issuer = pool.find((cert) => cert.subject.isEqual(current.issuer) && !chain.includes(cert));
    if (!issuer) break;
    chain.push(issuer);
    current = issuer;
  }
  return chain.map((cert) => certNames(cert).subject);
}
