import 'server-only';
import type { TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import type { JobAbortedError, JobLease } from './job-lease';
import { getJob } from './registry';

/** Exponential backoff: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2 ** attempt * 1000, 600_000);
}

function interruptedByShutdown(lease: JobLease): boolean {
  return lease.signal.aborted && (lease.signal.reason as JobAbortedError).reason === 'shutdown';
}

/**
 * Runs one job this runner has just claimed, renewing its lease meanwhile,
 * and records the outcome only if the lease is still ours: done, retried
 * with backoff, failed for good after maxAttempts, or (stopped by a shutdown)
 * given back to the queue without waiting for the lease to end.
 */
export async function runClaimedJob(db: Pick<TDbClient, 'job'>, lease: JobLease): Promise<void> {
  const { key } = lease;
  const job = await db.job.findUnique({ where: { id: key.id } });
  if (!job || job.lockedBy !== key.lockedBy || job.attempts !== key.attempts) {
    logger.warn('job taken by another runner before it started here; not running it', { ...key });
    return;
  }
  const definition = getJob(job.queue);
  const context = {
    id: job.id,
    queue: job.queue,
    attempt: job.attempts,
    maxAttempts: job.maxAttempts,
    signal: lease.signal,
  };
  let error: unknown;
  let failed = false;
  lease.startRenewing();
  try {
    if (!definition) throw new Error(`no handler registered for queue "${job.queue}"`);
    // Inside the try: a payload that does not fit its schema fails this attempt, as a throwing handler does.
    await definition.handler(definition.schema.parse(JSON.parse(job.payload)), context);
  } catch (thrown) {
    failed = true;
    error = thrown;
  } finally {
    await lease.stopRenewing();
  }

  const log = { ...key, queue: job.queue };
  if (lease.released) return; // the shutdown gave it back already
  if (lease.lost) {
    logger.warn('job outcome discarded: its lease was lost to another runner', { ...log, failed });
    return;
  }
  if (failed && interruptedByShutdown(lease)) {
    if (await lease.release('interrupted by a shutdown; queued again'))
      logger.info('job given back to the queue on shutdown', log);
    return;
  }

  const message = error instanceof Error ? error.message : String(error);
  const final = failed && (!definition || job.attempts >= job.maxAttempts);
  if (failed) logger.warn('job failed', { ...log, final, error: message });
  const written = await lease.write(
    !failed
      ? { status: 'DONE', lockedUntil: null, lockedBy: null, lastError: null, finishedAt: new Date() }
      : final
        ? { status: 'FAILED', lockedUntil: null, lockedBy: null, lastError: message, finishedAt: new Date() }
        : {
            status: 'QUEUED',
            lockedUntil: null,
            lockedBy: null,
            lastError: message,
            runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
          },
  );
  // Another runner took the job (our lease ran out between renewals): its result is the one that counts.
  if (!written) logger.warn('job outcome discarded: another runner holds the job now', { ...log, failed });
}
