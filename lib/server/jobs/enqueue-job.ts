import 'server-only';
import type { z } from 'zod';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TJob } from './define-job';

/** Tries of a job whose definition sets none. */
const DEFAULT_MAX_ATTEMPTS = 5;

export type TEnqueueOptions = {
  runAt?: Date;
  /** Overrides the job's own maxAttempts. */
  maxAttempts?: number;
  /** A transaction client, so the job is stored together with the rows it is about (or not at all). */
  client?: Pick<TDbClient, 'job'>;
};

/** Puts a job on the DB-backed queue; any instance's runner may take it. The row keeps the queue's name and the payload as JSON. */
export async function enqueueJob<TSchema extends z.ZodType>(
  job: TJob<TSchema>,
  payload: z.input<TSchema>,
  options: TEnqueueOptions = {},
) {
  return (options.client ?? db).job.create({
    data: {
      queue: job.queue,
      payload: JSON.stringify(payload ?? null),
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? job.maxAttempts ?? DEFAULT_MAX_ATTEMPTS,
    },
    select: { id: true },
  });
}
