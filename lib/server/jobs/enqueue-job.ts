import 'server-only';
import { db } from '@/lib/server/db/client';

export type TEnqueueOptions = { runAt?: Date; maxAttempts?: number };

/** Puts a job on the DB-backed queue; any instance's runner may take it. */
export async function enqueueJob(queue: string, payload: unknown, options: TEnqueueOptions = {}) {
  return db.job.create({
    data: {
      queue,
      payload: JSON.stringify(payload ?? null),
      runAt: options.runAt ?? new Date(),
      maxAttempts: options.maxAttempts ?? 5,
    },
    select: { id: true },
  });
}
