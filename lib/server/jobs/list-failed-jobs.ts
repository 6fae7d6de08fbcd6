import 'server-only';
import { db } from '@/lib/server/db/client';

const SHOWN = 50;

/** Jobs that failed for good (no retry left), newest first, for the admin page; with how many there are in all. */
export async function listFailedJobs() {
  const [jobs, total] = await Promise.all([
    db.job.findMany({
      where: { status: 'FAILED' },
      orderBy: { finishedAt: 'desc' },
      take: SHOWN,
      select: {
        id: true,
        queue: true,
        attempts: true,
        maxAttempts: true,
        lastError: true,
        finishedAt: true,
        createdAt: true,
      },
    }),
    db.job.count({ where: { status: 'FAILED' } }),
  ]);
  return { jobs, total };
}
