import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { spoolUpload } from '@/lib/server/documents/upload/spool-upload';

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
      const spooled = await spoolUpload(chunked(bytes, 4096), dir, {
        maxBytes: 1_000_000,
        keepInMemory: true,
        sizeHint,
      });
      expect(spooled.size).toBe(bytes.length);
      expect(spooled.bytes!.buffer).toBeInstanceOf(SharedArrayBuffer);
      expect(spooled.bytes!.equals(bytes)).toBe(true);
      // The buffer is sized from the hint, capped by the limit: a lying Content-Length cannot ask for more.
      expect(spooled.bytes!.buffer.byteLength).toBeLessThanOrEqual(1_000_000);
    }
  });

  it('stops with 413 as soon as the upload passes the limit, whatever the size hint said', async () => {
    await expect(
      spoolUpload(chunked(pattern(200_000), 8192), dir, { maxBytes: 150_000, keepInMemory: true, sizeHint: 100_000 }),
    ).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
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
    const inMemory = await spoolUpload(chunked(bytes, 4096), null, { maxBytes: 1_000_000, keepInMemory: true });
    expect(inMemory.file).toBeUndefined();
    expect(inMemory.bytes!.equals(bytes)).toBe(true);
  });
});
