import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';

export type TEnqueueOptions = {
  runAt?: Date;
  maxAttempts?: number;
  /** A transaction client, so the job is stored together with the rows it is about (or not at all). */
  client?: Pick<TDbClient, 'job'>;
};

/** Puts a job on the DB-backed queue; any instance's runner may take it. */
export async function enqueueJob(queue: string, payload: unknown, options: TEnqueueOptions = {}) {
  return (options.client ?? db).job.create({
    data: {
      queue,
      payload: JSON.stringify(payload ?? null),
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    },
    select: { id: true },
  });
}
