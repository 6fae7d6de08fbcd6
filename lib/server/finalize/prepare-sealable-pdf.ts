import 'server-only';
import { buildSealablePdf, type TSealablePdf } from '@/lib/server/pdf/sealable/build-sealable-pdf';
import { readSealableInput } from './read-sealable-input';

/**
 * The PDF the finalize job seals: the working PDF with every value flattened
 * in, the certificate of completion appended and the evidence (audit trail,
 * encrypted biometric records) attached. `flattenedSha256` is the hash of the
 * flattened PDF before the certificate was appended (the certificate prints
 * it); `certificate` is the certificate pages alone (download kind=certificate).
 * Reads only, and deterministic: the same database state and `completedAt`
 * give the same bytes, so a retried job seals the same file.
 */
export async function prepareSealablePdf(
  documentId: string,
  options: { completedAt: Date; signal?: AbortSignal },
): Promise<TSealablePdf> {
  const input = await readSealableInput(documentId, options);
  options.signal?.throwIfAborted();
  return buildSealablePdf(input);
}
