import 'server-only';
import { randomUUID } from 'node:crypto';
import { mkdir, open, readdir, readFile, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '@/lib/errors';
import { BatchedFileWriter } from './batched-file-writer';
import { decryptBlob, encryptStream } from './blob-crypto';
import { assertBlobKey, type BlobStore, type TBlobInput, type TListedBlob, type TStoredBlob } from './blob-store';
import { roundTripProbe } from './round-trip-probe';

/**
 * The folders whose entries a put changes, to fsync after the rename: the
 * blob's folder (the new name), and when mkdir created folders on the way
 * (`firstCreated`, as `mkdir(…, { recursive: true })` returns it), the parent
 * of each of them. On ext4 any fsync commits the journal that holds these
 * entries anyway; on other filesystems only this makes the rename durable.
 */
export function foldersToSync(blobFolder: string, firstCreated: string | undefined): string[] {
  const folders = [blobFolder];
  if (firstCreated) {
    for (let folder = blobFolder; folder !== path.dirname(firstCreated); folder = path.dirname(folder))
      folders.push(path.dirname(folder));
  }
  return folders;
}

/** Filesystems that cannot fsync a folder say so with these (PostgreSQL ignores the same ones). */
const FOLDER_SYNC_UNSUPPORTED = new Set(['EINVAL', 'EBADF', 'EISDIR']);

async function syncFolder(folder: string): Promise<void> {
  const handle = await open(folder, 'r');
  try {
    await handle.sync();
  } catch (error) {
    if (!FOLDER_SYNC_UNSUPPORTED.has((error as NodeJS.ErrnoException).code ?? '')) throw error;
  } finally {
    await handle.close();
  }
}

/** Local disk, every blob encrypted with AES-256-GCM (format in ./blob-crypto). */
export class LocalBlobStore implements BlobStore {
  readonly driver = 'local' as const;

  constructor(
    private readonly root: string,
    private readonly key: Buffer,
  ) {}

  private file(key: string): string {
    assertBlobKey(key);
    return path.join(this.root, ...key.split('/'));
  }

  /** The path of a new part file under .tmp (its folder made), where a blob is written before it is published under its name. */
  private async newPart(): Promise<string> {
    const temp = path.join(this.root, '.tmp', `${randomUUID()}.part`);
    await mkdir(path.dirname(temp), { recursive: true, mode: 0o700 });
    return temp;
  }

  /**
   * Publishes a written part as the blob `key`: renamed into place, then the
   * folders whose entries changed are fsynced. The part must be durable
   * already. On failure nothing is left behind, neither the part nor the blob.
   */
  private async publish(temp: string, key: string): Promise<void> {
    const target = this.file(key);
    let created: string | undefined;
    try {
      created = await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
      await rename(temp, target);
    } catch (error) {
      await rm(temp, { force: true });
      throw error;
    }
    try {
      // The name too must survive a power cut before a Document may point at it.
      for (const folder of foldersToSync(path.dirname(target), created)) await syncFolder(folder);
    } catch (error) {
      // A put that fails leaves nothing behind, the blob it had already renamed into place included.
      await rm(target, { force: true });
      throw error;
    }
  }

  async put(key: string, data: TBlobInput): Promise<TStoredBlob> {
    assertBlobKey(key);
    const temp = await this.newPart();
    const { encrypted, result } = encryptStream(this.key, key, data);
    const handle = await open(temp, 'w', 0o600);
    const writer = new BatchedFileWriter(handle);
    try {
      for await (const chunk of encrypted) await writer.add(chunk);
      // Durable before the rename publishes it: a committed Document never points at a blob a power cut lost.
      // A datasync covers the bytes and the file's size; the name is synced with its folder in publish.
      await writer.durable();
      await handle.close();
    } catch (error) {
      await writer.settle().catch(() => undefined);
      await handle.close().catch(() => undefined);
      await rm(temp, { force: true });
      throw error;
    }
    await this.publish(temp, key);
    return { key, ...result };
  }

  async get(key: string): Promise<Buffer> {
    let encrypted: Buffer;
    try {
      encrypted = await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') throw new AppError('NOT_FOUND', 'Blob not found.');
      throw error;
    }
    return decryptBlob(this.key, key, encrypted);
  }

  async delete(key: string): Promise<void> {
    await rm(this.file(key), { force: true });
  }

  async exists(key: string): Promise<boolean> {
    return stat(this.file(key)).then(
      () => true,
      () => false,
    );
  }

  health(): Promise<void> {
    return roundTripProbe(this);
  }

  async *list(prefix: string): AsyncIterable<TListedBlob> {
    let entries;
    try {
      entries = await readdir(this.root, { recursive: true, withFileTypes: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
      throw error;
    }
    for (const entry of entries) {
      if (!entry.isFile()) continue;
      const key = path.relative(this.root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
      if (key.startsWith('.tmp/') || !key.startsWith(prefix)) continue;
      const info = await stat(path.join(entry.parentPath, entry.name)).catch(() => null);
      if (info) yield { key, modified: info.mtime };
    }
  }

  async removeStaleParts(olderThan: Date): Promise<number> {
    const folder = path.join(this.root, '.tmp');
    const names = await readdir(folder).catch(() => [] as string[]);
    let removed = 0;
    for (const name of names) {
      const file = path.join(folder, name);
      const info = await stat(file).catch(() => null);
      if (info && info.mtime < olderThan) {
        await rm(file, { force: true });
        removed += 1;
      }
    }
    return removed;
  }
}
