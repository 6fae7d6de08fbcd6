import { afterEach, describe, expect, it, vi } from 'vitest';
import { logger } from '@/lib/server/logger';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('runPeriodically (the background work of the process that runs jobs)', () => {
  it('runs after its first delay, then at every interval, once per process however often it is started', async () => {
    vi.useFakeTimers();
    const task = vi.fn(async () => undefined);
    runPeriodically('test sweep a', 1000, task, { firstAfterMs: 500 });
    runPeriodically('test sweep a', 1000, task, { firstAfterMs: 500 });
    await vi.advanceTimersByTimeAsync(499);
    expect(task).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(task).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(task).toHaveBeenCalledTimes(4);
  });

  it('logs a failed run by name and keeps going', async () => {
    vi.useFakeTimers();
    const error = vi.spyOn(logger, 'error').mockImplementation(() => undefined);
    let runs = 0;
    runPeriodically('test sweep b', 1000, async () => {
      runs += 1;
      if (runs === 1) throw new Error('disk gone');
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(error).toHaveBeenCalledWith('test sweep b failed', {
      error: expect.objectContaining({ message: 'disk gone' }),
    });
    await vi.advanceTimersByTimeAsync(1000);
    expect(runs).toBe(2);
  });
});
