import 'server-only';
import { db as defaultDb, type TDbClient } from '@/lib/server/db/client';

export type TJobQueueSummary = {
  /** Jobs that failed for good (kept until an operator looks at them). */
  failed: number;
  /** Seconds the longest-waiting due job has waited since it became due; null when none waits. */
  oldestQueuedSeconds: number | null;
  /** Seconds since the oldest running job was enqueued; null when none runs. */
  oldestRunningSeconds: number | null;
};

const secondsSince = (date: Date | null | undefined, now: Date) =>
  date ? Math.max(0, Math.round((now.getTime() - date.getTime()) / 1000)) : null;

/** How the queue is doing, for /api/health: failures to look at and work that is late. */
export async function summarizeJobQueue(
  client: Pick<TDbClient, 'job'> = defaultDb,
  now = new Date(),
): Promise<TJobQueueSummary> {
  const [failed, queued, running] = await Promise.all([
    client.job.count({ where: { status: 'FAILED' } }),
    client.job.findFirst({
      where: { status: 'QUEUED', runAt: { lte: now } },
      orderBy: { runAt: 'asc' },
      select: { runAt: true },
    }),
    client.job.findFirst({ where: { status: 'RUNNING' }, orderBy: { createdAt: 'asc' }, select: { createdAt: true } }),
  ]);
  return {
    failed,
    oldestQueuedSeconds: secondsSince(queued?.runAt, now),
    oldestRunningSeconds: secondsSince(running?.createdAt, now),
  };
}
