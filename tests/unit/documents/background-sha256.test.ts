import { createHash, randomBytes } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundSha256 } from '@/lib/server/documents/background-sha256';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** `bytes` copied into a SharedArrayBuffer at `offset`, as an upload's buffer holds them. */
function shared(bytes: Uint8Array, offset = 0): SharedArrayBuffer {
  const buffer = new SharedArrayBuffer(offset + bytes.length + 16);
  new Uint8Array(buffer).set(bytes, offset);
  return buffer;
}

describe('BackgroundSha256 (worker thread)', () => {
  const hasher = new BackgroundSha256();
  afterAll(() => hasher.close());

  it('hashes ranges in the order sent, across buffers, and counts their bytes', async () => {
    const data = randomBytes(3 * 1024 * 1024 + 17);
    // The first 1 MB lies in one buffer, the rest in a larger one (an upload whose buffer grew).
    const small = shared(data.subarray(0, 1024 * 1024));
    const large = shared(data, 5);
    const job = hasher.begin();
    job.update(small, 0, 1024 * 1024);
    job.update(large, 5 + 1024 * 1024, 5 + 2 * 1024 * 1024);
    job.update(large, 5 + 2 * 1024 * 1024, 5 + 2 * 1024 * 1024); // empty: ignored
    job.update(large, 5 + 2 * 1024 * 1024, 5 + data.length);
    await expect(job.digest()).resolves.toMatchObject({ sha256: sha256(data), bytes: data.length });
  });

  it('keeps jobs apart when their ranges interleave; an aborted job does not disturb the others', async () => {
    const a = randomBytes(200_000);
    const b = randomBytes(300_000);
    const [bufferA, bufferB] = [shared(a), shared(b)];
    const [jobA, jobB, dropped] = [hasher.begin(), hasher.begin(), hasher.begin()];
    jobA.update(bufferA, 0, 100_000);
    jobB.update(bufferB, 0, 150_000);
    dropped.update(bufferB, 0, 10);
    jobA.update(bufferA, 100_000, 200_000);
    dropped.abort();
    jobB.update(bufferB, 150_000, 300_000);
    const [digestB, digestA] = await Promise.all([jobB.digest(), jobA.digest()]);
    expect(digestA).toMatchObject({ sha256: sha256(a), bytes: a.length });
    expect(digestB).toMatchObject({ sha256: sha256(b), bytes: b.length });
  });

  it('a job whose worker is gone rejects its digest instead of finishing on a new worker; new jobs work', async () => {
    const data = randomBytes(1000);
    const before = hasher.begin();
    before.update(shared(data), 0, 500);
    const waiting = hasher.begin();
    waiting.update(shared(data), 0, data.length);
    const refused = expect(waiting.digest()).rejects.toThrow(/closed/);
    await hasher.close();
    await refused;
    // A new worker would know nothing of the first half: the digest must not pretend.
    before.update(shared(data), 500, 1000);
    await expect(before.digest()).rejects.toThrow(/stopped/);
    const after = hasher.begin();
    after.update(shared(data), 0, data.length);
    await expect(after.digest()).resolves.toMatchObject({ sha256: sha256(data), bytes: data.length });
  });
});
