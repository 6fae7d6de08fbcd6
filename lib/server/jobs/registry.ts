import 'server-only';

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
export type JobHandler = (payload: unknown, context: TJobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();
const declared = new Set<string>();

/** Domain modules register what a queue's jobs do; the runner only dispatches. */
export function registerJobHandler(queue: string, handler: JobHandler): void {
  handlers.set(queue, handler);
}

export function getJobHandler(queue: string): JobHandler | undefined {
  return handlers.get(queue);
}

export function registeredQueues(): string[] {
  return [...handlers.keys()];
}

/**
 * A queue whose jobs are queued before this build has their handler (another
 * part of the product writes it, e.g. document.finalize for sealing): its jobs
 * wait in the queue, unclaimed, until a handler is registered, instead of
 * failing for good like a queue nobody knows.
 */
export function declareJobQueue(queue: string): void {
  declared.add(queue);
}

/** Declared queues that no handler serves yet: the runner leaves their jobs queued. */
export function waitingQueues(): string[] {
  return [...declared].filter((queue) => !handlers.has(queue));
}
