import 'server-only';
import { readFileSync } from 'node:fs';
import tls from 'node:tls';
import { getEnv } from '@/lib/env';
import { parsePathList } from '@/lib/env-values';
import { getInstanceCa } from '@/lib/server/trust/instance-ca';
import { pemToDer, type TTrustAnchors } from './trust-anchors';

let system: Uint8Array[] | undefined;

/**
 * What the public validator trusts: this instance's CA ("instance"), and
 * Node's root store plus the operator's VALIDATOR_TRUSTED_CAS ("system";
 * read once, lib/env.ts checked the files at start).
 */
export async function loadTrustAnchors(): Promise<TTrustAnchors> {
  system ??= [
    ...tls.rootCertificates.flatMap(pemToDer),
    ...parsePathList(getEnv().VALIDATOR_TRUSTED_CAS).flatMap((file) => pemToDer(readFileSync(file, 'utf8'))),
  ];
  const { certificateDer } = await getInstanceCa();
  return { instance: [certificateDer], system };
}
