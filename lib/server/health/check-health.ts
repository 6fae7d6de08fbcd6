import 'server-only';
import { getEnv } from '@/lib/env';
import { pingDatabase } from '@/lib/server/db/ping';
import { processJobRunner } from '@/lib/server/jobs/process-runner';
import { summarizeJobQueue, type TJobQueueSummary } from '@/lib/server/jobs/summarize-job-queue';
import { summarizeFinalizeJobs, type TFinalizeSummary } from '@/lib/server/finalize/summarize-finalize-jobs';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

export type TPartStatus = 'ok' | 'down';
/** The whole picture, for administrators; anonymous callers see only `status`. */
export type THealth = {
  status: 'ok' | 'degraded';
  checkedAt: string;
  db: TPartStatus;
  storage: TPartStatus;
  jobs: TPartStatus;
  failing?: string[];
  /** Absent when the queue could not be read. */
  queue?: TJobQueueSummary;
  /**
   * Finalizations that need someone: failed for good (sealing_failed documents) or late (queued over 10 minutes);
   * absent when the queue could not be read. Reported, not folded into `status`: one document's failed seal
   * (a timestamp authority down) must not take the instance out of a load balancer.
   */
  finalize?: TFinalizeSummary & { status: 'ok' | 'attention' };
};

const CHECK_TIMEOUT_MS = 5000;

async function probe<T>(name: string, check: () => Promise<T>): Promise<{ status: TPartStatus; value?: T }> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} check timed out`)), CHECK_TIMEOUT_MS);
  });
  try {
    return { status: 'ok', value: await Promise.race([check(), timeout]) };
  } catch (error) {
    logger.error('health check failed', { part: name, error });
    return { status: 'down' };
  } finally {
    clearTimeout(timer);
  }
}

/** The queue must be readable; when this process runs jobs, its runner must be ticking. */
async function checkJobs(): Promise<{ queue: TJobQueueSummary; finalize: TFinalizeSummary; runnerAlive: boolean }> {
  const [queue, finalize] = await Promise.all([summarizeJobQueue(), summarizeFinalizeJobs()]);
  const runnerAlive = !getEnv().JOBS_ENABLED || Boolean(processJobRunner()?.isAlive());
  if (!runnerAlive)
    logger.error('health check failed', { part: 'jobs', error: 'the in-process job runner is not running' });
  return { queue, finalize, runnerAlive };
}

/**
 * Probes every part once: the database answers, the blob store writes, reads
 * back and deletes a probe (billable calls on S3, so health-monitor.ts runs
 * this at most once per interval), the job runner ticks.
 */
export async function checkHealth(): Promise<THealth> {
  const [db, storage, jobs] = await Promise.all([
    probe('db', pingDatabase),
    probe('storage', () => getBlobStore().health()),
    probe('jobs', checkJobs),
  ]);
  const queue = jobs.value?.queue;
  const finalizeJobs = jobs.value?.finalize;
  const parts: Pick<THealth, 'db' | 'storage' | 'jobs'> = {
    db: db.status,
    storage: storage.status,
    jobs: jobs.value?.runnerAlive === false ? 'down' : jobs.status,
  };
  const failing = Object.entries(parts)
    .filter(([, status]) => status === 'down')
    .map(([name]) => name);
  return {
    status: failing.length ? 'degraded' : 'ok',
    checkedAt: new Date().toISOString(),
    ...parts,
    ...(failing.length ? { failing } : {}),
    ...(queue ? { queue } : {}),
    ...(finalizeJobs
      ? { finalize: { status: finalizeJobs.failed > 0 || finalizeJobs.late > 0 ? 'attention' : 'ok', ...finalizeJobs } }
      : {}),
  };
}
