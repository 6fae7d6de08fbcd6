import 'server-only';
import { getEnv } from '@/lib/env';
import { JobRunner } from './job-runner';

// One runner per server process, kept on globalThis so dev reloads do not start a second.
const holder = globalThis as typeof globalThis & { signetJobRunner?: JobRunner };

export function startProcessJobRunner(): JobRunner | undefined {
  const env = getEnv();
  if (!env.JOBS_ENABLED) return undefined;
  holder.signetJobRunner ??= new JobRunner({
    concurrency: env.JOB_CONCURRENCY,
    pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
  });
  holder.signetJobRunner.start();
  return holder.signetJobRunner;
}

export function processJobRunner(): JobRunner | undefined {
  return holder.signetJobRunner;
}
