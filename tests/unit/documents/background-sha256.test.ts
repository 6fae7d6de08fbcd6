import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BackgroundSha256 } from '@/lib/server/documents/background-sha256';
import { openSealed } from '@/lib/server/storage/blob-crypto';
import { SEAL_OVERHEAD } from '@/lib/server/storage/sealed-format';

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

describe('BackgroundSha256 sealing jobs (worker thread)', () => {
  const hasher = new BackgroundSha256();
  const folder = mkdtempSync(path.join(tmpdir(), 'signet-seal-'));
  const encryptionKey = randomBytes(32);
  afterAll(async () => {
    await hasher.close();
    rmSync(folder, { recursive: true, force: true });
  });
  /** An empty file, as the store's prepareSealedWrite leaves it for the writer. */
  const part = (name: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, '');
    return file;
  };

  it('encrypts the ranges into the file in the sealed format, durable when the digest answers', async () => {
    const data = randomBytes(2 * 1024 * 1024 + 321);
    const small = shared(data.subarray(0, 1024 * 1024));
    const large = shared(data, 7);
    const file = part('a.part');
    const job = hasher.begin({ sealTo: { file, encryptionKey, aad: 'documents/a/original.pdf' } });
    job.update(small, 0, 1024 * 1024);
    job.update(large, 7 + 1024 * 1024, 7 + data.length);
    await expect(job.digest()).resolves.toEqual({ id: expect.any(Number), sha256: sha256(data), bytes: data.length, sealedBytes: data.length + SEAL_OVERHEAD });
    const sealed = readFileSync(file);
    expect(sealed.length).toBe(data.length + SEAL_OVERHEAD);
    expect(openSealed(encryptionKey, 'documents/a/original.pdf', sealed).equals(data)).toBe(true);
    // Bound to its key: the same file under another blob key does not open.
    expect(() => openSealed(encryptionKey, 'documents/b/original.pdf', sealed)).toThrow(/integrity/);
  });

  it('rejects the digest when the file is gone (the upload was refused before the worker opened it), and creates none', async () => {
    const file = path.join(folder, 'removed.part');
    const job = hasher.begin({ sealTo: { file, encryptionKey, aad: 'k/removed' } });
    job.update(shared(Buffer.from('%PDF-1.7')), 0, 8);
    await expect(job.digest()).rejects.toThrow(/sealing on the hashing worker failed: .*ENOENT/);
    expect(existsSync(file)).toBe(false);
  });

  it('keeps sealing jobs and plain jobs apart, and an aborted sealing job leaves its file to the caller to remove', async () => {
    const a = randomBytes(300_000);
    const b = randomBytes(200_000);
    const [fileA, fileDropped] = [part('interleaved.part'), part('dropped.part')];
    const sealing = hasher.begin({ sealTo: { file: fileA, encryptionKey, aad: 'k/a' } });
    const plain = hasher.begin();
    const dropped = hasher.begin({ sealTo: { file: fileDropped, encryptionKey, aad: 'k/dropped' } });
    sealing.update(shared(a), 0, 100_000);
    plain.update(shared(b), 0, b.length);
    dropped.update(shared(b), 0, 1000);
    dropped.abort();
    sealing.update(shared(a), 100_000, a.length);
    const [sealed, hashed] = await Promise.all([sealing.digest(), plain.digest()]);
    expect(sealed).toMatchObject({ sha256: sha256(a), bytes: a.length, sealedBytes: a.length + SEAL_OVERHEAD });
    expect(hashed).toMatchObject({ sha256: sha256(b), bytes: b.length });
    expect(hashed).not.toHaveProperty('sealedBytes');
    expect(openSealed(encryptionKey, 'k/a', readFileSync(fileA)).equals(a)).toBe(true);
    rmSync(fileDropped);
    expect(existsSync(fileDropped)).toBe(false);
  });
});
