import 'server-only';
import type { Prisma } from '@/lib/generated/prisma/sqlite/client';
import type { TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';

/** Who holds a claimed job: the runner and the attempt it claimed. Attempts only grow, so the pair is never reused. */
export type TLeaseKey = { id: string; lockedBy: string; attempts: number };

export type TAbortReason = 'lease-lost' | 'shutdown';

/** The reason on a handler's AbortSignal: its job was taken away (lease lost) or the process is stopping. */
export class JobAbortedError extends Error {
  constructor(readonly reason: TAbortReason) {
    super(reason === 'lease-lost' ? 'the job lease was lost to another runner' : 'the job runner is shutting down');
    this.name = 'JobAbortedError';
  }
}

/**
 * One runner's hold on one job while its handler runs. It renews the lease
 * (lockedUntil) a few times per lease period, and every write it makes names
 * the holder and the attempt, so once another runner has taken the job
 * (after this one stalled, crashed or was cut off from the database) nothing
 * this one writes lands: a stale runner can neither extend, complete, fail
 * nor release a job it no longer holds.
 */
export class JobLease {
  private readonly controller = new AbortController();
  private timer: NodeJS.Timeout | undefined;
  private renewing: Promise<void> | undefined;
  private expiresAt: number;
  /** Set once the job is given back (shutdown): the handler's late outcome is not written. */
  released = false;

  constructor(
    private readonly db: Pick<TDbClient, 'job'>,
    readonly key: TLeaseKey,
    private readonly leaseMs: number,
    lockedUntil: Date,
  ) {
    this.expiresAt = lockedUntil.getTime();
  }

  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get lost(): boolean {
    return this.signal.aborted && (this.signal.reason as JobAbortedError).reason === 'lease-lost';
  }

  abort(reason: TAbortReason): void {
    if (!this.signal.aborted) this.controller.abort(new JobAbortedError(reason));
  }

  /** Renews about three times per lease, so one slow or failed renewal does not lose the job. */
  startRenewing(): void {
    const every = Math.max(Math.floor(this.leaseMs / 3), 10);
    this.timer = setInterval(() => {
      this.renewing ??= this.renew().finally(() => (this.renewing = undefined));
    }, every);
  }

  async stopRenewing(): Promise<void> {
    clearInterval(this.timer);
    await this.renewing;
  }

  /** The conditional write every holder-side change goes through; false when this runner no longer holds the job. */
  async write(data: Prisma.JobUpdateManyMutationInput): Promise<boolean> {
    const { count } = await this.db.job.updateMany({ where: { ...this.key, status: 'RUNNING' }, data });
    return count === 1;
  }

  /** Gives the job back to the queue at once (shutdown), instead of leaving it until the lease ends. */
  async release(note: string): Promise<boolean> {
    if (this.released) return false;
    this.released = true;
    clearInterval(this.timer); // a renewal after this would find the job gone and report a lost lease
    return this.write({ status: 'QUEUED', lockedBy: null, lockedUntil: null, runAt: new Date(), lastError: note });
  }

  private async renew(): Promise<void> {
    if (this.signal.aborted) return;
    const until = Date.now() + this.leaseMs;
    try {
      if (await this.write({ lockedUntil: new Date(until) })) {
        this.expiresAt = until;
        return;
      }
      logger.warn('job lease lost: another runner holds the job now; aborting its handler', { ...this.key });
      this.abort('lease-lost');
    } catch (error) {
      // The database did not answer: keep the job while our lease still runs, give it up once it cannot be ours.
      if (Date.now() < this.expiresAt) {
        logger.warn('job lease renewal failed; retrying', { ...this.key, error });
        return;
      }
      logger.error('job lease expired without renewal; aborting its handler', { ...this.key, error });
      this.abort('lease-lost');
    }
  }
}
