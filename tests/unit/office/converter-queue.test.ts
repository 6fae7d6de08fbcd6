import { describe, expect, it } from 'vitest';
import type { Semaphore } from '@/lib/server/concurrency/semaphore';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';

describe('the office converter', () => {
  it('bounds its queue by default (4 per slot) and its waits (twice the timeout)', async () => {
    const converter = new OfficeConverter({ timeoutMs: 1000, concurrency: 1, maxPages: 10 });
    const slots = (converter as unknown as { slots: Semaphore }).slots;
    let release!: () => void;
    const holding = slots.run(() => new Promise<void>((resolve) => (release = resolve)));
    const waiting = Array.from({ length: 4 }, () => slots.run(async () => 'ok'));
    await expect(slots.run(async () => 'fifth')).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: 15,
    });
    release();
    await holding;
    await expect(Promise.all(waiting)).resolves.toEqual(['ok', 'ok', 'ok', 'ok']);
  });
});
