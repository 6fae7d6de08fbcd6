import 'server-only';
import type { TTransaction } from '@/lib/server/db/client';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { purgeAtFrom } from './commit-completion';
import { purgeDocumentJob } from './purge-sealed-blobs';

/**
 * Inside the transaction that ended a document unsigned (a decline, a cancel,
 * an expiry), or for one that ended before this was done (the retention
 * sweep): purgeAt is RETENTION_DAYS after it ended, and the same
 * document.purge job a completion queues runs then (purge-sealed-blobs.ts).
 * Once per document: a compare-and-set on purgeAt; false when it was set already.
 */
export async function scheduleRetention(
  tx: TTransaction,
  documentId: string,
  endedAt: Date,
  days?: number,
): Promise<boolean> {
  const purgeAt = purgeAtFrom(endedAt, days);
  const { count } = await tx.document.updateMany({ where: { id: documentId, purgeAt: null }, data: { purgeAt } });
  if (count !== 1) return false;
  await enqueueJob(purgeDocumentJob, { documentId }, { client: tx, runAt: purgeAt });
  return true;
}
