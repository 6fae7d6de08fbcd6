import 'server-only';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { db as defaultDb } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { JobLease } from './job-lease';
import { runClaimedJob } from './run-claimed-job';

export { retryDelayMs } from './run-claimed-job';

type Db = typeof defaultDb;

export const DEFAULT_LEASE_MS = 30_000;
/** After the grace period, how long aborted handlers get to return before their jobs are given back anyway. */
const ABORT_SETTLE_MS = 2_000;

export type TJobRunnerOptions = {
  concurrency: number;
  pollIntervalMs: number;
  /** How long a claim holds without renewal; a crashed runner's jobs are taken again after it. Renewed every third of it. */
  leaseMs?: number;
  workerId?: string;
  client?: Db;
};

/** True when every promise settled within ms (Infinity: wait as long as it takes). */
async function settledWithin(promises: Iterable<Promise<unknown>>, ms: number): Promise<boolean> {
  const all = Promise.allSettled([...promises]).then(() => true);
  if (!Number.isFinite(ms)) return all;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
  try {
    return await Promise.race([all, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Takes jobs from the database queue. Claims are compare-and-set updates, so
 * any number of runners (one per instance, on PostgreSQL) share one queue
 * without taking a job twice; a claimed job is held by a lease that its runner
 * renews while the handler runs (./job-lease.ts).
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private leases = new Set<JobLease>();
  private ticking: Promise<number> | undefined;
  private stopped = true;
  /** Set by stop(): no new claims, even from a tick already under way. */
  private closing = false;
  lastHeartbeat = 0;
  /** Unique per runner object, so even two runners in one process never pass for each other. */
  readonly workerId: string;

  constructor(private readonly options: TJobRunnerOptions) {
    this.workerId = options.workerId ?? `${hostname()}:${process.pid}:${randomBytes(4).toString('hex')}`;
  }

  private get db(): Db {
    return this.options.client ?? defaultDb;
  }

  private get leaseMs(): number {
    return this.options.leaseMs ?? DEFAULT_LEASE_MS;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.closing = false;
    const loop = async () => {
      try {
        await this.tick();
      } catch (error) {
        logger.error('job runner tick failed', { error });
      }
      if (!this.stopped) this.timer = setTimeout(loop, this.options.pollIntervalMs);
    };
    void loop();
  }

  /**
   * Stops claiming, waits up to graceMs for running jobs, then aborts their
   * handlers (AbortSignal) and gives whatever still runs back to the queue,
   * so another runner takes it at once rather than after the lease.
   */
  async stop(graceMs = Number.POSITIVE_INFINITY): Promise<void> {
    this.stopped = true;
    this.closing = true;
    clearTimeout(this.timer);
    await this.ticking?.catch(() => 0); // a claim under way joins `running` before we wait
    if (await settledWithin(this.running, graceMs)) return;
    logger.warn('job runner stopping: grace period over, aborting running jobs', {
      running: this.leases.size,
      graceMs,
    });
    for (const lease of this.leases) lease.abort('shutdown');
    if (await settledWithin(this.running, ABORT_SETTLE_MS)) return;
    await Promise.allSettled(
      [...this.leases].map(async (lease) => {
        if (await lease.release('the runner stopped before the job finished; queued again')) {
          logger.warn('job handler ignored the abort; job given back to the queue', { ...lease.key });
        }
      }),
    );
  }

  isAlive(now = Date.now()): boolean {
    return !this.stopped && now - this.lastHeartbeat < Math.max(3 * this.options.pollIntervalMs, 15_000);
  }

  /** Claims and runs what is due, up to the free concurrency; returns how many it started. */
  tick(): Promise<number> {
    const ticking = this.claimDue();
    this.ticking = ticking;
    return ticking;
  }

  /** Waits for the jobs this runner has started (tests). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }

  private async claimDue(): Promise<number> {
    this.lastHeartbeat = Date.now();
    const free = this.options.concurrency - this.running.size;
    if (free <= 0 || this.closing) return 0;
    const now = new Date();
    const candidates = await this.db.job.findMany({
      where: {
        OR: [
          { status: 'QUEUED', runAt: { lte: now } },
          { status: 'RUNNING', lockedUntil: { lt: now } },
        ],
      },
      orderBy: { runAt: 'asc' },
      take: free * 2,
      select: { id: true, status: true, attempts: true, maxAttempts: true },
    });
    let started = 0;
    for (const candidate of candidates) {
      if (started >= free || this.closing) break;
      // A running job is taken only while its lease is still expired: its holder may have renewed it
      // since the query above, and then it is still running there.
      const claimable = {
        id: candidate.id,
        status: candidate.status,
        attempts: candidate.attempts,
        ...(candidate.status === 'RUNNING' ? { lockedUntil: { lt: now } } : {}),
      };
      if (candidate.status === 'RUNNING' && candidate.attempts >= candidate.maxAttempts) {
        // Its last attempt ended with its runner (a crash, or a handler that takes the process down):
        // running it again would repeat that for ever, so it fails for good, visibly.
        await this.db.job.updateMany({
          where: claimable,
          data: {
            status: 'FAILED',
            lockedBy: null,
            lockedUntil: null,
            finishedAt: new Date(),
            lastError: 'its runner stopped during the last attempt (the process crashed or was killed)',
          },
        });
        continue;
      }
      const lockedUntil = new Date(Date.now() + this.leaseMs);
      const claimed = await this.db.job.updateMany({
        where: claimable,
        data: { status: 'RUNNING', lockedBy: this.workerId, lockedUntil, attempts: { increment: 1 } },
      });
      if (claimed.count !== 1) continue;
      started += 1;
      const key = { id: candidate.id, lockedBy: this.workerId, attempts: candidate.attempts + 1 };
      const lease = new JobLease(this.db, key, this.leaseMs, lockedUntil);
      this.leases.add(lease);
      const run = runClaimedJob(this.db, lease)
        .catch((error: unknown) =>
          logger.error('job runner could not record a job (its lease will lapse)', { ...key, error }),
        )
        .finally(() => {
          this.leases.delete(lease);
          this.running.delete(run);
        });
      this.running.add(run);
    }
    return started;
  }
}
