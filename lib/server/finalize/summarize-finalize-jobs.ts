import 'server-only';
import { db as defaultDb, type TDbClient } from '@/lib/server/db/client';
import { finalizeDocumentJob } from './jobs/finalize-document.job';

/** Longer than this and a finalization is late: a document someone is waiting for is stuck somewhere. */
export const FINALIZE_LATE_MS = 10 * 60 * 1000;

export type TFinalizeSummary = {
  /** Documents whose finalization failed for good and is not yet redone: sealing_failed ones, and pending ones whose finalize job failed (its runner died on the last attempt). */
  failed: number;
  /** Finalize jobs queued or running, enqueued more than 10 minutes ago. */
  late: number;
};

/** What /api/health reports about finalization: failures to look at and documents that wait too long. */
export async function summarizeFinalizeJobs(
  client: Pick<TDbClient, 'job' | 'document'> = defaultDb,
  now = new Date(),
): Promise<TFinalizeSummary> {
  const cutoff = new Date(now.getTime() - FINALIZE_LATE_MS);
  const [sealingFailed, failedJobs, late] = await Promise.all([
    client.document.count({ where: { status: 'SEALING_FAILED' } }),
    client.job.findMany({
      where: { queue: finalizeDocumentJob.queue, status: 'FAILED' },
      select: { payload: true },
      orderBy: { finishedAt: 'desc' },
      take: 200,
    }),
    client.job.count({
      where: { queue: finalizeDocumentJob.queue, status: { in: ['QUEUED', 'RUNNING'] }, createdAt: { lt: cutoff } },
    }),
  ]);
  const ids = failedJobs
    .map((job) => (JSON.parse(job.payload) as { documentId?: string }).documentId)
    .filter((id): id is string => typeof id === 'string');
  const stranded = ids.length
    ? await client.document.count({ where: { id: { in: [...new Set(ids)] }, status: 'PENDING' } })
    : 0;
  return { failed: sealingFailed + stranded, late };
}
