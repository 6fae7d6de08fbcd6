import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase, tempDir } from '../db/helpers';

const dataDir = tempDir('signet-failed-jobs-');
let db: TDbClient;
let listFailedJobs: typeof import('@/lib/server/jobs/list-failed-jobs').listFailedJobs;

beforeAll(async () => {
  db = await appDatabase(dataDir);
  ({ listFailedJobs } = await import('@/lib/server/jobs/list-failed-jobs'));
});

afterAll(async () => {
  await db.$disconnect();
  vi.unstubAllEnvs();
});

describe('listFailedJobs (admin page)', () => {
  it('lists only jobs that failed for good, newest first, with why, and counts all of them', async () => {
    const at = (minutesAgo: number) => new Date(Date.now() - minutesAgo * 60_000);
    await db.job.create({
      data: { queue: 'mail', payload: '{}', status: 'FAILED', attempts: 5, lastError: 'old', finishedAt: at(60) },
    });
    await db.job.create({
      data: {
        queue: 'seal',
        payload: '{}',
        status: 'FAILED',
        attempts: 3,
        maxAttempts: 3,
        lastError: 'new',
        finishedAt: at(1),
      },
    });
    await db.job.create({
      data: { queue: 'mail', payload: '{}', status: 'QUEUED', attempts: 2, lastError: 'retrying' },
    });
    await db.job.create({ data: { queue: 'mail', payload: '{}', status: 'DONE', attempts: 1 } });
    for (let i = 0; i < 55; i += 1) {
      await db.job.create({
        data: {
          queue: 'bulk',
          payload: '{}',
          status: 'FAILED',
          attempts: 5,
          lastError: `b${i}`,
          finishedAt: at(600 + i),
        },
      });
    }
    const { jobs, total } = await listFailedJobs();
    expect(total).toBe(57);
    expect(jobs).toHaveLength(50);
    expect(jobs.slice(0, 2)).toMatchObject([
      { queue: 'seal', attempts: 3, maxAttempts: 3, lastError: 'new' },
      { queue: 'mail', attempts: 5, maxAttempts: 5, lastError: 'old' },
    ]);
    expect(jobs.every((job) => job.finishedAt instanceof Date)).toBe(true);
  });
});
