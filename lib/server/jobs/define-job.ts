import 'server-only';
import type { z } from 'zod';

export type TJobContext = {
  id: string;
  queue: string;
  attempt: number;
  /** The attempt after which a failure is final (no retry): a handler may record the failure where users see it. */
  maxAttempts: number;
  /**
   * Aborted when this runner no longer holds the job (its lease was lost, so
   * another runner may run it now) or when the process is stopping and the
   * grace period is over (the job goes back to the queue). Its reason is a
   * JobAbortedError. Pass it to fetch, timers and child processes; a handler
   * that ignores it still cannot write the job's outcome once the lease is gone.
   */
  signal: AbortSignal;
};

/**
 * What one queue's jobs are: the name stored in each row (never rename it:
 * rows already queued under the old name would find no handler), the
 * payload's shape, how often it is tried, and what it does.
 */
export type TJob<TSchema extends z.ZodType = z.ZodType> = {
  readonly queue: string;
  /** Checked by the runner before the handler runs; a payload that does not fit fails the attempt like a throwing handler. */
  readonly schema: TSchema;
  /** Tries before the job fails for good (enqueueJob's default; 5 when unset). */
  readonly maxAttempts?: number;
  // A method, so a job of any payload fits the registry's TJob (its parameter is checked bivariantly).
  handler(payload: z.output<TSchema>, context: TJobContext): Promise<void>;
};

/**
 * A job definition, imported both by the modules that enqueue it and (through
 * lib/server/jobs/all-jobs.ts) by the runner. A definition loads a heavy
 * handler module with `await import()` inside its handler, so enqueuing a job
 * never pulls in the code that runs it.
 */
export function defineJob<TSchema extends z.ZodType>(job: TJob<TSchema>): TJob<TSchema> {
  return job;
}
