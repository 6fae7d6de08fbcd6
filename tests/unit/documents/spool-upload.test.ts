import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SharedBufferPool } from '@/lib/server/documents/shared-buffer-pool';
import { spoolUpload } from '@/lib/server/documents/spool-upload';

const dir = mkdtempSync(path.join(tmpdir(), 'signet-spool-'));

async function* chunked(bytes: Buffer, size: number): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

function pattern(length: number): Buffer {
  return Buffer.from(Array.from({ length }, (_, i) => (i * 7 + 3) % 251));
}

describe('spoolUpload in memory', () => {
  it('collects the chunks into shared memory, the same bytes whether the size hint is right, short or missing', async () => {
    const bytes = pattern(300_000);
    for (const sizeHint of [300_000, 1000, undefined, 5_000_000]) {
      const pool = new SharedBufferPool(2);
      const spooled = await spoolUpload(chunked(bytes, 4096), dir, { maxBytes: 1_000_000, keepInMemory: true, sizeHint, pool });
      expect(spooled.size).toBe(bytes.length);
      expect(spooled.bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(spooled.bytes!.equals(bytes)).toBe(true);
      // The buffer is sized from the hint, capped by the limit: a lying Content-Length cannot ask for more.
      expect(spooled.bytes!.buffer.byteLength).toBeLessThanOrEqual(1_000_000);
      spooled.release();
    }
  });

  it('gives its buffer back to the pool for the next upload, once, and on a refusal too', async () => {
    const pool = new SharedBufferPool(2);
    const first = await spoolUpload(chunked(pattern(100_000), 8192), dir, { maxBytes: 1_000_000, keepInMemory: true, sizeHint: 100_000, pool });
    const buffer = first.bytes!.buffer;
    first.release();
    first.release();
    expect(pool.heldBytes).toBe(buffer.byteLength);

    const second = await spoolUpload(chunked(pattern(90_000), 8192), dir, { maxBytes: 1_000_000, keepInMemory: true, sizeHint: 90_000, pool });
    expect(second.bytes!.buffer).toBe(buffer);
    // Only what this upload wrote is visible, never the longer upload before it.
    expect(second.bytes!.equals(pattern(90_000))).toBe(true);
    second.release();

    await expect(
      spoolUpload(chunked(pattern(200_000), 8192), dir, { maxBytes: 150_000, keepInMemory: true, sizeHint: 100_000, pool }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    expect(pool.heldBytes).toBeGreaterThanOrEqual(100_000);
  });
});

describe('spoolUpload to disk', () => {
  it('writes the upload to a file in the folder, and needs a folder to do so', async () => {
    const bytes = pattern(50_000);
    const spooled = await spoolUpload(chunked(bytes, 4096), dir, { maxBytes: 1_000_000 });
    expect(spooled.file).toBe(path.join(dir, 'upload'));
    expect(readFileSync(spooled.file!).equals(bytes)).toBe(true);
    expect(spooled.bytes).toBeUndefined();
    await expect(spoolUpload(chunked(bytes, 4096), null, { maxBytes: 1_000_000 })).rejects.toThrow(/needs a folder/);
    const inMemory = await spoolUpload(chunked(bytes, 4096), null, { maxBytes: 1_000_000, keepInMemory: true, pool: new SharedBufferPool(1) });
    expect(inMemory.file).toBeUndefined();
    expect(inMemory.bytes!.equals(bytes)).toBe(true);
  });
});

describe('SharedBufferPool', () => {
  it('hands out the smallest free buffer that fits, else a new one of the size asked', () => {
    const pool = new SharedBufferPool(3);
    const small = new SharedArrayBuffer(100);
    const large = new SharedArrayBuffer(1000);
    pool.give(large);
    pool.give(small);
    expect(pool.take(50)).toBe(small);
    expect(pool.take(50)).toBe(large);
    const fresh = pool.take(2000);
    expect(fresh.byteLength).toBe(2000);
    expect(pool.heldBytes).toBe(0);
  });

  it('keeps at most its capacity, the largest buffers, each once', () => {
    const pool = new SharedBufferPool(2);
    const sizes = [10, 30, 20];
    const buffers = sizes.map((size) => new SharedArrayBuffer(size));
    for (const buffer of buffers) pool.give(buffer);
    pool.give(buffers[1]!);
    expect(pool.heldBytes).toBe(50);
    expect(pool.take(1)).toBe(buffers[2]);
    expect(pool.take(1)).toBe(buffers[1]);
  });
});
