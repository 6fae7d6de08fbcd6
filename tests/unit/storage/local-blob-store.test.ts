import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type FileHandle, open } from 'node:fs/promises';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppError } from '@/lib/errors';
import { loadBlobKey } from '@/lib/server/storage/blob-key';
import { foldersToSync, LocalBlobStore } from '@/lib/server/storage/local-blob-store';

let root: string;
let store: LocalBlobStore;

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'signet-blobs-'));
  store = new LocalBlobStore(root, randomBytes(32));
});

function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** FileHandle's prototype, to spy on sync and datasync: taken from a probe file opened and closed in the store's root. */
async function fileHandlePrototype(): Promise<FileHandle> {
  const probe = await open(path.join(root, 'probe'), 'w');
  await probe.close();
  return Object.getPrototypeOf(probe) as FileHandle;
}

describe('LocalBlobStore', () => {
  it('flushes the blob to the disk, then fsyncs the folders whose entries the put created, before it resolves', async () => {
    const prototype = await fileHandlePrototype();
    const calls: string[] = [];
    const sync = vi.spyOn(prototype, 'sync');
    const datasync = vi.spyOn(prototype, 'datasync');
    sync.mockImplementation(async function (this: FileHandle) {
      calls.push(`sync ${(await this.stat()).isDirectory() ? 'folder' : 'file'}`);
    });
    datasync.mockImplementation(async function (this: FileHandle) {
      calls.push(`datasync ${(await this.stat()).isDirectory() ? 'folder' : 'file'}`);
    });
    try {
      // New folder documents/a under the root: the file, documents/a and documents (holding "a"), the root (holding "documents").
      await store.put('documents/a/original.pdf', Buffer.from('%PDF-1.7 one'));
      expect(calls).toEqual(['datasync file', 'sync folder', 'sync folder', 'sync folder']);
      // Same folder again: the file and its folder.
      calls.length = 0;
      await store.put('documents/a/current.pdf', Buffer.from('%PDF-1.7 two'));
      expect(calls).toEqual(['datasync file', 'sync folder']);
    } finally {
      sync.mockRestore();
      datasync.mockRestore();
    }
  });

  it('keeps flushing while bytes arrive, and its last flush covers the whole blob', async () => {
    const prototype = await fileHandlePrototype();
    const realDatasync = prototype.datasync;
    // A slow disk: each flush takes 30 ms, so writes land while one runs.
    const sizes: number[] = [];
    const datasync = vi.spyOn(prototype, 'datasync').mockImplementation(async function (this: FileHandle) {
      sizes.push((await this.stat()).size);
      await new Promise((resolve) => setTimeout(resolve, 30));
      return realDatasync.call(this);
    });
    const parts = Array.from({ length: 24 }, () => randomBytes(128 * 1024));
    async function* arriving() {
      for (const part of parts) {
        await new Promise((resolve) => setTimeout(resolve, 5));
        yield part;
      }
    }
    try {
      const stored = await store.put('k/slow-disk', arriving());
      const sealedSize = stored.size + 5 + 12 + 16;
      expect(sizes.length).toBeGreaterThan(1);
      expect(sizes[0]).toBeLessThan(sealedSize);
      expect(sizes.at(-1)).toBe(sealedSize);
      expect((await store.get('k/slow-disk')).equals(Buffer.concat(parts))).toBe(true);
    } finally {
      datasync.mockRestore();
    }
  });

  it('tolerates a filesystem that cannot fsync a folder, and removes the blob when a folder fsync really fails', async () => {
    const prototype = await fileHandlePrototype();
    const realSync = prototype.sync;
    const failing = (code: string) =>
      vi.spyOn(prototype, 'sync').mockImplementation(async function (this: FileHandle) {
        // The blob's own fsync (the file is open for writing) goes through; folders fail.
        if ((await this.stat()).isDirectory()) throw Object.assign(new Error(`folder fsync: ${code}`), { code });
        return realSync.call(this);
      });
    const unsupported = failing('EINVAL');
    try {
      await store.put('documents/b/original.pdf', Buffer.from('%PDF-1.7 b'));
    } finally {
      unsupported.mockRestore();
    }
    expect((await store.get('documents/b/original.pdf')).toString()).toBe('%PDF-1.7 b');

    const broken = failing('EIO');
    try {
      await expect(store.put('documents/c/original.pdf', Buffer.from('%PDF-1.7 c'))).rejects.toThrow(
        'folder fsync: EIO',
      );
    } finally {
      broken.mockRestore();
    }
    expect(await store.exists('documents/c/original.pdf')).toBe(false);
    expect(listFiles(root).filter((file) => !file.endsWith('probe'))).toEqual([
      path.join(root, 'documents', 'b', 'original.pdf'),
    ]);
  });

  it("lists the folders to fsync from the blob's folder up to the parent of the first one mkdir created", () => {
    expect(foldersToSync('/r/documents/a', undefined)).toEqual(['/r/documents/a']);
    expect(foldersToSync('/r/documents/a', '/r/documents/a')).toEqual(['/r/documents/a', '/r/documents']);
    expect(foldersToSync('/r/documents/a', '/r/documents')).toEqual(['/r/documents/a', '/r/documents', '/r']);
  });

  it('round-trips bytes and reports size and SHA-256', async () => {
    const data = Buffer.from('%PDF-1.7 hello');
    const stored = await store.put('documents/a/original.pdf', data);
    expect(stored.size).toBe(data.length);
    expect(stored.sha256).toBe(createHash('sha256').update(data).digest('hex'));
    expect((await store.get('documents/a/original.pdf')).equals(data)).toBe(true);
  });

  it('stores ciphertext, not the plaintext', async () => {
    const secret = Buffer.from('CONFIDENTIAL CONTRACT TERMS '.repeat(20));
    await store.put('k/secret', secret);
    const onDisk = readFileSync(path.join(root, 'k', 'secret'));
    expect(onDisk.includes(Buffer.from('CONFIDENTIAL'))).toBe(false);
    expect(onDisk.length).toBe(secret.length + 5 + 12 + 16);
  });

  it('accepts a stream of chunks', async () => {
    async function* parts() {
      yield Buffer.from('one ');
      yield Buffer.from('two');
    }
    const stored = await store.put('k/stream', parts());
    expect(stored.size).toBe(7);
    expect((await store.get('k/stream')).toString()).toBe('one two');
  });

  it('writes a large stream in order and flushes it to disk while it is still arriving', async () => {
    const datasync = vi.spyOn(await fileHandlePrototype(), 'datasync');
    const parts = Array.from({ length: 48 }, () => randomBytes(64 * 1024));
    let syncedBeforeEnd = false;
    async function* arriving() {
      for (const [i, part] of parts.entries()) {
        // Like a network: the last chunk comes a little later, once the first megabytes are on their way to disk.
        if (i === parts.length - 1) {
          for (let wait = 0; wait < 100 && datasync.mock.calls.length === 0; wait++)
            await new Promise((resolve) => setTimeout(resolve, 10));
          syncedBeforeEnd = datasync.mock.calls.length > 0;
        }
        yield part;
      }
    }
    try {
      const stored = await store.put('k/large', arriving());
      expect(syncedBeforeEnd).toBe(true);
      expect(stored.size).toBe(3 * 1024 * 1024);
      expect((await store.get('k/large')).equals(Buffer.concat(parts))).toBe(true);
    } finally {
      datasync.mockRestore();
    }
  });

  it('detects a flipped byte', async () => {
    await store.put('k/x', Buffer.from('important'));
    const file = path.join(root, 'k', 'x');
    const bytes = readFileSync(file);
    bytes[20] = (bytes[20] ?? 0) ^ 0xff;
    writeFileSync(file, bytes);
    await expect(store.get('k/x')).rejects.toMatchObject({ code: 'INTERNAL' });
  });

  it('refuses a blob moved under another key', async () => {
    await store.put('k/a', Buffer.from('alpha'));
    renameSync(path.join(root, 'k', 'a'), path.join(root, 'k', 'b'));
    await expect(store.get('k/b')).rejects.toBeInstanceOf(AppError);
  });

  it('answers NOT_FOUND for a missing blob', async () => {
    await expect(store.get('k/missing')).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await store.exists('k/missing')).toBe(false);
  });

  it.each(['../escape', '/abs', 'a/../b', 'a//b', '', 'a b'])('refuses the key %j', async (key) => {
    await expect(store.put(key, Buffer.from('x'))).rejects.toMatchObject({ code: 'INVALID_INPUT' });
  });

  it('leaves nothing behind when the input fails midway', async () => {
    async function* failing() {
      yield Buffer.from('partial');
      throw new Error('client went away');
    }
    await expect(store.put('k/broken', failing())).rejects.toThrow('client went away');
    expect(await store.exists('k/broken')).toBe(false);
    expect(listFiles(root)).toEqual([]);
  });

  it('lists the blobs under a prefix, leaving out half-written parts', async () => {
    for (const key of ['documents/a/original.pdf', 'documents/b/current.pdf', 'other/x'])
      await store.put(key, Buffer.from(key));
    const listed: string[] = [];
    for await (const blob of store.list('documents/')) listed.push(blob.key);
    expect(listed.sort()).toEqual(['documents/a/original.pdf', 'documents/b/current.pdf']);
  });

  it('deletes, and the health probe cleans up after itself', async () => {
    await store.put('k/d', Buffer.from('x'));
    await store.delete('k/d');
    expect(await store.exists('k/d')).toBe(false);
    await store.health();
    expect(listFiles(root)).toEqual([]);
  });
});

describe('loadBlobKey', () => {
  it('uses BLOB_ENCRYPTION_KEY when set', () => {
    const key = randomBytes(32);
    expect(loadBlobKey({ BLOB_ENCRYPTION_KEY: key.toString('base64'), dataDir: root }).equals(key)).toBe(true);
  });

  it('generates a development key once and then reuses it', () => {
    const first = loadBlobKey({ BLOB_ENCRYPTION_KEY: undefined, dataDir: root });
    const second = loadBlobKey({ BLOB_ENCRYPTION_KEY: undefined, dataDir: root });
    expect(first.length).toBe(32);
    expect(second.equals(first)).toBe(true);
  });
});

describe('LocalBlobStore file modes', () => {
  it('creates its folders 0700 and its blobs 0600 even under a permissive umask', async () => {
    const before = process.umask(0o022);
    try {
      await store.put('documents/private/original.pdf', Buffer.from('%PDF-1.7 private'));
      expect(statSync(path.join(root, 'documents')).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(root, 'documents', 'private')).mode & 0o777).toBe(0o700);
      expect(statSync(path.join(root, 'documents', 'private', 'original.pdf')).mode & 0o777).toBe(0o600);
    } finally {
      process.umask(before);
    }
  });
});
