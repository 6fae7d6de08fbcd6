import { describe, expect, it, vi } from 'vitest';
import type { THealth } from '@/lib/server/health/check-health';
import { HealthMonitor } from '@/lib/server/health/health-monitor';

function report(status: THealth['status'], n: number): THealth {
  return { status, checkedAt: String(n), db: 'ok', storage: 'ok', jobs: 'ok' };
}

/** A probe the test finishes by hand, counting how often it was started. */
function manualProbe() {
  const pending: ((value: THealth) => void)[] = [];
  const probe = vi.fn(() => new Promise<THealth>((resolve) => pending.push(resolve)));
  return { probe, finish: (value: THealth) => pending.shift()!(value) };
}

describe('HealthMonitor', () => {
  it('runs one probe for any number of callers waiting for the first answer', async () => {
    const { probe, finish } = manualProbe();
    const monitor = new HealthMonitor({ intervalMs: 30_000, probe });
    const answers = Array.from({ length: 50 }, () => monitor.current());
    finish(report('ok', 1));
    expect(await Promise.all(answers)).toEqual(Array(50).fill(report('ok', 1)));
    expect(probe).toHaveBeenCalledTimes(1);
  });

  it('answers from the last probe within the interval, then refreshes once in the background', async () => {
    let now = 0;
    const { probe, finish } = manualProbe();
    const monitor = new HealthMonitor({ intervalMs: 30_000, probe, now: () => now });
    const first = monitor.current();
    finish(report('ok', 1));
    await first;
    now = 29_000;
    expect(await monitor.current()).toEqual(report('ok', 1));
    expect(probe).toHaveBeenCalledTimes(1);
    now = 31_000;
    // Stale: the old answer at once, while exactly one new probe runs.
    expect(await Promise.all([monitor.current(), monitor.current(), monitor.current()])).toEqual(
      Array(3).fill(report('ok', 1)),
    );
    expect(probe).toHaveBeenCalledTimes(2);
    finish(report('degraded', 2));
    await vi.waitFor(async () => expect(await monitor.current()).toEqual(report('degraded', 2)));
    expect(probe).toHaveBeenCalledTimes(2);
  });

  it('makes a caller wait for a fresh probe after a long quiet spell rather than give old news', async () => {
    let now = 0;
    const { probe, finish } = manualProbe();
    const monitor = new HealthMonitor({ intervalMs: 30_000, probe, now: () => now });
    const first = monitor.current();
    finish(report('ok', 1));
    await first;
    now = 10 * 60_000;
    const later = monitor.current();
    finish(report('degraded', 2));
    expect(await later).toEqual(report('degraded', 2));
  });

  it('logs a background probe that throws instead of leaving an unhandled rejection', async () => {
    let now = 0;
    const unhandled = vi.fn();
    process.on('unhandledRejection', unhandled);
    try {
      const probe = vi.fn().mockResolvedValueOnce(report('ok', 1)).mockRejectedValueOnce(new Error('env gone'));
      const monitor = new HealthMonitor({ intervalMs: 30_000, probe, now: () => now });
      await monitor.current();
      now = 31_000;
      expect(await monitor.current()).toEqual(report('ok', 1));
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(probe).toHaveBeenCalledTimes(2);
      expect(unhandled).not.toHaveBeenCalled();
    } finally {
      process.off('unhandledRejection', unhandled);
    }
  });

  it('probes again after a probe that threw', async () => {
    const probe = vi.fn().mockRejectedValueOnce(new Error('boom')).mockResolvedValue(report('ok', 2));
    const monitor = new HealthMonitor({ intervalMs: 30_000, probe });
    await expect(monitor.current()).rejects.toThrow('boom');
    expect(await monitor.current()).toEqual(report('ok', 2));
  });
});
