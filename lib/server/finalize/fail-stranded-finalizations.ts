import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';
import { finalizeDocumentJob } from './jobs/finalize-document.job';
import { recordFinalizeFailure } from './record-finalize-failure';

const WATCH_INTERVAL_MS = 60_000;

/**
 * A finalize job whose runner died during its last attempt (kill -9, out of
 * memory) is failed by the next runner without its handler running, so the
 * handler never marks the document: it would stay pending for ever. This
 * finds such documents (pending, their finalize job failed, none queued or
 * running) and makes them sealing_failed with the job's error, like a last
 * attempt that threw. Returns how many it marked.
 */
export async function failStrandedFinalizations(client: TDbClient = db): Promise<number> {
  const failed = await client.job.findMany({
    where: { queue: finalizeDocumentJob.queue, status: 'FAILED' },
    orderBy: { finishedAt: 'desc' },
    take: 200,
    select: { payload: true, lastError: true, attempts: true },
  });
  let marked = 0;
  for (const job of failed) {
    const { documentId } = JSON.parse(job.payload) as { documentId?: string };
    if (typeof documentId !== 'string') continue;
    const document = await client.document.findUnique({ where: { id: documentId }, select: { status: true } });
    if (document?.status !== 'PENDING') continue;
    const live = await client.job.count({
      where: {
        queue: finalizeDocumentJob.queue,
        status: { in: ['QUEUED', 'RUNNING'] },
        payload: { contains: `"documentId":"${documentId}"` },
      },
    });
    if (live > 0) continue;
    const error = new Error(job.lastError ?? 'The sealing stopped before it finished.');
    if (await recordFinalizeFailure(documentId, error, { attempt: job.attempts, maxAttempts: job.attempts }, client))
      marked += 1;
  }
  return marked;
}

/** Looks for stranded finalizations once a minute in the process that runs jobs (instrumentation.ts). */
export function startFinalizeWatch(): void {
  runPeriodically('finalize watch', WATCH_INTERVAL_MS, () => failStrandedFinalizations());
}
