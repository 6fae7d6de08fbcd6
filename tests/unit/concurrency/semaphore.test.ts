import { describe, expect, it } from 'vitest';
import { Semaphore } from '@/lib/server/concurrency/semaphore';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Semaphore', () => {
  it('never runs more than its limit at once, and runs everything', async () => {
    const slots = new Semaphore(2);
    let running = 0;
    let peak = 0;
    const results = await Promise.all(
      Array.from({ length: 7 }, (_, i) =>
        slots.run(async () => {
          running++;
          peak = Math.max(peak, running);
          await tick();
          running--;
          return i;
        }),
      ),
    );
    expect(peak).toBe(2);
    expect(results).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(slots.inUse).toBe(0);
  });

  it('frees the slot when a task fails', async () => {
    const slots = new Semaphore(1);
    await expect(slots.run(async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
    expect(slots.inUse).toBe(0);
  });

  it('refuses a caller at once with 503 and Retry-After when as many wait as allowed', async () => {
    const slots = new Semaphore(1, { maxWaiting: 1 });
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = slots.run(async () => 'waited');
    await expect(slots.run(async () => 'third')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: expect.any(Number),
    });
    release();
    await holding;
    await expect(waiting).resolves.toBe('waited');
    expect(slots.inUse).toBe(0);
  });

  it('refuses a caller that waited longer than allowed, and the slot still passes on', async () => {
    const slots = new Semaphore(1, { maxWaitMs: 20, busy: () => new Error('busy') });
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    await expect(slots.run(async () => 'late')).rejects.toThrow('busy');
    release();
    await holding;
    expect(slots.inUse).toBe(0);
    await expect(slots.run(async () => 'next')).resolves.toBe('next');
  });

  it('holds an acquired slot until it is released, once, whatever else calls release', async () => {
    const slots = new Semaphore(1);
    const release = await slots.acquire();
    let second = false;
    const waiting = slots.acquire().then((next) => ((second = true), next));
    await tick();
    expect(second).toBe(false);
    release();
    const next = await waiting;
    expect(second).toBe(true);
    // A second call of the first release must not free the slot the waiter now holds.
    release();
    expect(slots.inUse).toBe(1);
    next();
    expect(slots.inUse).toBe(0);
  });
});
