import 'server-only';
import { getEnv } from '@/lib/env';
import { onShutdown } from '@/lib/server/on-shutdown';
import { JobRunner } from './job-runner';

// One runner per server process, kept on globalThis so dev reloads do not start a second.
const holder = globalThis as typeof globalThis & { signetJobRunner?: JobRunner };

export function startProcessJobRunner(): JobRunner | undefined {
  const env = getEnv();
  if (!env.JOBS_ENABLED) return undefined;
  if (!holder.signetJobRunner) {
    const runner = new JobRunner({
      concurrency: env.JOB_CONCURRENCY,
      pollIntervalMs: env.JOB_POLL_INTERVAL_MS,
      leaseMs: env.JOB_LEASE_MS,
    });
    holder.signetJobRunner = runner;
    // On SIGTERM/SIGINT: no new claims, running jobs get the grace period, the rest go back to the queue.
    onShutdown(() => runner.stop(env.JOB_SHUTDOWN_GRACE_MS));
  }
  holder.signetJobRunner.start();
  return holder.signetJobRunner;
}

export function processJobRunner(): JobRunner | undefined {
  return holder.signetJobRunner;
}
