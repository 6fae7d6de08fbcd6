import 'server-only';
import { getEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';
import { checkHealth, type THealth } from './check-health';

/** Past this many intervals without a probe, a caller waits for a fresh one rather than getting old news. */
const STALE_AFTER_INTERVALS = 4;

export type THealthMonitorOptions = {
  intervalMs: number;
  probe?: () => Promise<THealth>;
  now?: () => number;
};

/**
 * Answers health from the last probe and probes again at most once per
 * interval, one probe at a time, however many callers ask: anyone may call
 * /api/health, and each probe costs a write, a read and a delete on the blob
 * store (billable calls on S3). A recent result is returned at once while the
 * next probe runs in the background; only the first caller, or one after a
 * long quiet spell, waits for a probe (bounded by its 5 s timeouts).
 */
export class HealthMonitor {
  private last: { report: THealth; at: number } | undefined;
  private inFlight: Promise<THealth> | undefined;

  constructor(private readonly options: THealthMonitorOptions) {}

  private now(): number {
    return this.options.now?.() ?? Date.now();
  }

  async current(): Promise<THealth> {
    const age = this.last ? this.now() - this.last.at : Number.POSITIVE_INFINITY;
    if (this.last && age < this.options.intervalMs) return this.last.report;
    const refreshing = this.refresh();
    if (this.last && age < STALE_AFTER_INTERVALS * this.options.intervalMs) {
      // Nobody awaits this refresh: a probe that throws is logged, never an unhandled rejection.
      refreshing.catch((error: unknown) => logger.error('health probe failed', { error }));
      return this.last.report;
    }
    return refreshing;
  }

  private refresh(): Promise<THealth> {
    this.inFlight ??= (this.options.probe ?? checkHealth)()
      .then((report) => {
        this.last = { report, at: this.now() };
        return report;
      })
      .finally(() => (this.inFlight = undefined));
    return this.inFlight;
  }
}

// One per process (globalThis: Next loads route bundles separately), so the interval holds process-wide.
const holder = globalThis as typeof globalThis & { signetHealthMonitor?: HealthMonitor };

export function healthMonitor(): HealthMonitor {
  holder.signetHealthMonitor ??= new HealthMonitor({ intervalMs: getEnv().HEALTH_PROBE_INTERVAL_MS });
  return holder.signetHealthMonitor;
}
