import 'server-only';
import { logger } from '@/lib/server/logger';

const started = ((globalThis as typeof globalThis & { signetPeriodic?: Set<string> }).signetPeriodic ??=
  new Set<string>());

/**
 * Background work of the process that runs jobs (instrumentation.ts): `task`
 * after `firstAfterMs`, then every `everyMs`. Once per process however often
 * it is called (instrumentation can load twice), on timers that never keep
 * the process alive. A failure is logged as "<name> failed"; the next run
 * goes on.
 */
export function runPeriodically(
  name: string,
  everyMs: number,
  task: () => Promise<unknown>,
  { firstAfterMs = 0 } = {},
): void {
  if (started.has(name)) return;
  started.add(name);
  const run = () => void task().catch((error: unknown) => logger.error(`${name} failed`, { error }));
  setTimeout(() => {
    run();
    setInterval(run, everyMs).unref();
  }, firstAfterMs).unref();
}
