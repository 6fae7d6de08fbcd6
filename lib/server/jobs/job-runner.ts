import 'server-only';
import { hostname } from 'node:os';
import { db as defaultDb } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getJobHandler } from './registry';

type Db = typeof defaultDb;

export type TJobRunnerOptions = {
  concurrency: number;
  pollIntervalMs: number;
  /** How long a claimed job stays ours; a crashed worker's jobs are taken again after it. */
  leaseMs?: number;
  workerId?: string;
  client?: Db;
};

/** Exponential backoff: 2 s, 4 s, 8 s … capped at 10 minutes. */
export function retryDelayMs(attempt: number): number {
  return Math.min(2 ** attempt * 1000, 600_000);
}

/**
 * Takes jobs from the database queue. Claims are compare-and-set updates, so
 * any number of runners (one per instance, on PostgreSQL) share one queue
 * without taking a job twice.
 */
export class JobRunner {
  private timer: NodeJS.Timeout | undefined;
  private running = new Set<Promise<void>>();
  private stopped = true;
  lastHeartbeat = 0;

  constructor(private readonly options: TJobRunnerOptions) {}

  private get db(): Db {
    return this.options.client ?? defaultDb;
  }

  private get workerId(): string {
    return this.options.workerId ?? `${hostname()}:${process.pid}`;
  }

  start(): void {
    if (!this.stopped) return;
    this.stopped = false;
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

  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await Promise.allSettled(this.running);
  }

  isAlive(now = Date.now()): boolean {
    return !this.stopped && now - this.lastHeartbeat < Math.max(3 * this.options.pollIntervalMs, 15_000);
  }

  /** Claims and runs what is due, up to the free concurrency; returns how many it started. */
  async tick(): Promise<number> {
    this.lastHeartbeat = Date.now();
    const free = this.options.concurrency - this.running.size;
    if (free <= 0) return 0;
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
      select: { id: true, status: true, attempts: true },
    });
    let started = 0;
    for (const candidate of candidates) {
      if (started >= free) break;
      const claimed = await this.db.job.updateMany({
        where: { id: candidate.id, status: candidate.status, attempts: candidate.attempts },
        data: {
          status: 'RUNNING',
          lockedBy: this.workerId,
          lockedUntil: new Date(Date.now() + (this.options.leaseMs ?? 5 * 60_000)),
          attempts: { increment: 1 },
        },
      });
      if (claimed.count !== 1) continue;
      started += 1;
      const run = this.execute(candidate.id).finally(() => this.running.delete(run));
      this.running.add(run);
    }
    return started;
  }

  /** Waits for the jobs this runner has started (tests and graceful shutdown). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled(this.running);
  }

  private async execute(id: string): Promise<void> {
    const job = await this.db.job.findUniqueOrThrow({ where: { id } });
    const handler = getJobHandler(job.queue);
    try {
      if (!handler) throw new Error(`no handler registered for queue "${job.queue}"`);
      await handler(JSON.parse(job.payload) as unknown, { id, queue: job.queue, attempt: job.attempts });
      await this.db.job.update({
        where: { id },
        data: { status: 'DONE', lockedUntil: null, lockedBy: null, lastError: null, finishedAt: new Date() },
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const final = !handler || job.attempts >= job.maxAttempts;
      logger.warn('job failed', { id, queue: job.queue, attempt: job.attempts, final, error: message });
      await this.db.job.update({
        where: { id },
        data: final
          ? { status: 'FAILED', lockedUntil: null, lockedBy: null, lastError: message, finishedAt: new Date() }
          : {
              status: 'QUEUED',
              lockedUntil: null,
              lockedBy: null,
              lastError: message,
              runAt: new Date(Date.now() + retryDelayMs(job.attempts)),
            },
      });
    }
  }
}
