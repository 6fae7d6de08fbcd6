import 'server-only';
import { getEnv } from '@/lib/env';
import { db } from '@/lib/server/db/client';
import { pingDatabase } from '@/lib/server/db/ping';
import { processJobRunner } from '@/lib/server/jobs/process-runner';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

export type TPartStatus = 'ok' | 'down';
export type THealth = {
  status: 'ok' | 'down';
  db: TPartStatus;
  storage: TPartStatus;
  jobs: TPartStatus;
  failing?: string[];
};

const CHECK_TIMEOUT_MS = 5000;

async function probe(name: string, check: () => Promise<void>): Promise<TPartStatus> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${name} check timed out`)), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'ok';
  } catch (error) {
    logger.error('health check failed', { part: name, error });
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}

async function checkJobs(): Promise<void> {
  // The queue must be readable; when this process runs jobs, its runner must be ticking.
  await db.job.count({ where: { status: 'QUEUED' } });
  if (!getEnv().JOBS_ENABLED) return;
  const runner = processJobRunner();
  if (!runner?.isAlive()) throw new Error('the in-process job runner is not running');
}

export async function checkHealth(): Promise<THealth> {
  const [dbStatus, storage, jobs] = await Promise.all([
    probe('db', pingDatabase),
    probe('storage', () => getBlobStore().health()),
    probe('jobs', checkJobs),
  ]);
  const parts = { db: dbStatus, storage, jobs };
  const failing = Object.entries(parts)
    .filter(([, status]) => status === 'down')
    .map(([name]) => name);
  return failing.length ? { status: 'down', ...parts, failing } : { status: 'ok', ...parts };
}
