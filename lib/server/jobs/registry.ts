import 'server-only';

export type TJobContext = { id: string; queue: string; attempt: number };
export type JobHandler = (payload: unknown, context: TJobContext) => Promise<void>;

const handlers = new Map<string, JobHandler>();

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
