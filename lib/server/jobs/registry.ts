import 'server-only';
import type { z } from 'zod';
import type { TJob } from './define-job';

const jobs = new Map<string, TJob>();

/**
 * Makes a job runnable in this process: the runner dispatches a row by its
 * queue to the definition registered last under that name (tests swap one in).
 */
export function registerJob<TSchema extends z.ZodType>(job: TJob<TSchema>): void {
  jobs.set(job.queue, job);
}

export function getJob(queue: string): TJob | undefined {
  return jobs.get(queue);
}
