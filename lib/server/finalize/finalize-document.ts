import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { logger } from '@/lib/server/logger';
import { sealingState } from '@/lib/server/signing/actions/identity-review';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { commitCompletion } from './commit-completion';
import { deleteWorkingBlobs } from './delete-working-blobs';
import { productionFinalizeSteps, type TFinalizeSteps } from './finalize-steps';
import { recordFinalizeFailure } from './record-finalize-failure';
import { sha256Hex } from '@/lib/sha256-hex';
import { finalizeBlobKeys } from './sealed-blob-keys';

export type TFinalizeDeps = {
  steps?: TFinalizeSteps;
  client?: TDbClient;
  store?: BlobStore;
  now?: () => Date;
  retentionDays?: number;
};
export type TFinalizeOutcome = 'completed' | 'already-completed' | 'lost-race' | 'not-ready';

/**
 * When the last signer or approver finished, or the owner accepted the last eID name mismatch if that came
 * later: the certificate's completion time, the same on every retry. Null while someone must still sign,
 * or a mismatch waits for the owner.
 */
async function completionTime(client: TDbClient, documentId: string): Promise<Date | null> {
  if (!(await sealingState(client, documentId)).ready) return null;
  const last = await client.recipient.aggregate({
    where: { documentId, role: { in: ['SIGNER', 'APPROVER'] } },
    _max: { signedAt: true },
  });
  const accepted = await client.recipient.aggregate({ where: { documentId }, _max: { authNameAcceptedAt: true } });
  const signedAt = last._max.signedAt ?? null;
  const acceptedAt = accepted._max.authNameAcceptedAt ?? null;
  return signedAt && acceptedAt && acceptedAt > signedAt ? acceptedAt : signedAt;
}

/**
 * Job document.finalize ({ documentId }), queued when the last signer or
 * approver is done. Steps, each safe to run again after a crash at any point:
 * (a) prepare (flatten + certificate) and seal, and store both files under
 * content-named keys; (b) commit the completion by compare-and-set, with its
 * audit event, one mail job per person and the purge job (commit-completion.ts);
 * (c) delete the original and working files (delete-working-blobs.ts). A run
 * that finds the document completed only finishes (c); a run that loses the
 * compare-and-set removes its own files. A failure is recorded for the owner
 * and rethrown, so the runner retries with backoff; the last one leaves the
 * document sealing_failed.
 */
export async function finalizeDocument(
  documentId: string,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts' | 'signal'>,
  deps: TFinalizeDeps = {},
): Promise<TFinalizeOutcome> {
  const client = deps.client ?? db;
  const store = deps.store ?? getBlobStore();
  const steps = deps.steps ?? productionFinalizeSteps;
  const document = await client.document.findUnique({
    where: { id: documentId },
    select: { status: true, originalBlob: true },
  });
  if (!document) return 'not-ready';
  if (document.status === 'COMPLETED') {
    await deleteWorkingBlobs(documentId, { client, store });
    return 'already-completed';
  }
  // Cancelled or expired meanwhile: nothing to seal (a cancel racing the last signature wins).
  if (document.status !== 'PENDING' && document.status !== 'SEALING_FAILED') return 'not-ready';
  const completedAt = await completionTime(client, documentId);
  if (!completedAt) return 'not-ready';

  let stored: { sealed: string; certificate: string };
  try {
    const prepared = await steps.prepare(documentId, { completedAt, signal: context.signal });
    context.signal.throwIfAborted();
    const sealed = await steps.seal(prepared.bytes, { signal: context.signal });
    context.signal.throwIfAborted();
    const sealedSha256 = sha256Hex(sealed.bytes);
    const certificateSha256 = sha256Hex(prepared.certificate);
    stored = finalizeBlobKeys(document.originalBlob, sealedSha256, certificateSha256);
    await store.put(stored.sealed, sealed.bytes);
    await store.put(stored.certificate, prepared.certificate);
    const committed = await commitCompletion(
      {
        documentId,
        completedAt,
        flattenedSha256: prepared.flattenedSha256,
        flattenedLength: prepared.flattenedLength,
        sealed: {
          key: stored.sealed,
          sha256: sealedSha256,
          size: sealed.bytes.byteLength,
          pageCount: prepared.pageCount ?? null,
          level: sealed.level,
          signedAt: sealed.signedAt,
          timestampAt: sealed.timestampAt,
        },
        certificate: { key: stored.certificate, sha256: certificateSha256 },
      },
      { now: deps.now?.(), client, retentionDays: deps.retentionDays },
    );
    if (!committed) {
      logger.info('finalize: another run completed the document first; its seal stands', { documentId });
      await deleteWorkingBlobs(documentId, { client, store }); // also removes this run's files, unreferenced
      return 'lost-race';
    }
  } catch (error) {
    // A shutdown or a lost lease is not the document's failure: the job runs again, elsewhere or later.
    if (!context.signal.aborted) await recordFinalizeFailure(documentId, error, context, client);
    throw error;
  }
  await deleteWorkingBlobs(documentId, { client, store });
  return 'completed';
}
