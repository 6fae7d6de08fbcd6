import { describe, expect, it } from 'vitest';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { Semaphore } from '@/lib/server/office/semaphore';

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
    await expect(slots.run(async () => 'third')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: expect.any(Number) });
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
});

describe('the office converter', () => {
  it('bounds its queue by default (4 per slot) and its waits (twice the timeout)', async () => {
    const converter = new OfficeConverter({ timeoutMs: 1000, concurrency: 1, maxPages: 10 });
    const slots = (converter as unknown as { slots: Semaphore }).slots;
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 4 }, () => slots.run(async () => 'ok'));
    await expect(slots.run(async () => 'fifth')).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: 15 });
    release();
    await holding;
    await expect(Promise.all(waiting)).resolves.toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});
