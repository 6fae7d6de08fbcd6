import 'server-only';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { db, type TDbClient } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

/** Older than this, a leftover cannot belong to an upload still running (conversion stops at 60 s). */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;

/** Work folders of createDocumentFromUpload and of the office converter. */
const TEMP_PREFIXES = ['signet-upload-', 'signet-soffice-'];

export type TSweepOptions = {
  client?: TDbClient;
  store?: BlobStore;
  /** Folders holding the work folders; default the system temp folder. */
  tempRoots?: string[];
  now?: Date;
};

export type TSweepResult = { tempFolders: number; staleParts: number; orphanBlobs: number };

async function sweepTempFolders(roots: string[], cutoff: Date): Promise<number> {
  let removed = 0;
  for (const root of roots) {
    const names = await readdir(root).catch(() => [] as string[]);
    for (const name of names) {
      if (!TEMP_PREFIXES.some((prefix) => name.startsWith(prefix))) continue;
      const folder = path.join(root, name);
      const info = await stat(folder).catch(() => null);
      if (!info?.isDirectory() || info.mtime >= cutoff) continue;
      await rm(folder, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Blobs under documents/<folder>/ that no Document points at: what a crash
 * between storing the bytes and committing the Document leaves (a refused or
 * failed upload removes its own). Only blobs older than the cutoff are taken.
 */
async function sweepOrphanBlobs(client: TDbClient, store: BlobStore, cutoff: Date): Promise<number> {
  const referenced = new Map<string, boolean>();
  let removed = 0;
  for await (const blob of store.list('documents/')) {
    if (blob.modified >= cutoff) continue;
    const folder = blob.key.split('/').slice(0, 2).join('/') + '/';
    let used = referenced.get(folder);
    if (used === undefined) {
      used =
        (await client.document.count({
          where: { OR: [{ originalBlob: { startsWith: folder } }, { currentBlob: { startsWith: folder } }, { sealedBlob: { startsWith: folder } }] },
        })) > 0;
      referenced.set(folder, used);
    }
    if (used) continue;
    await store.delete(blob.key);
    removed += 1;
  }
  return removed;
}

/** One sweep: temp work folders, half-written blob parts and orphan blobs older than an hour. */
export async function sweepUploadLeftovers(options: TSweepOptions = {}): Promise<TSweepResult> {
  const cutoff = new Date((options.now ?? new Date()).getTime() - LEFTOVER_AGE_MS);
  const store = options.store ?? getBlobStore();
  const result = {
    tempFolders: await sweepTempFolders(options.tempRoots ?? [tmpdir()], cutoff),
    staleParts: await store.removeStaleParts(cutoff),
    orphanBlobs: await sweepOrphanBlobs(options.client ?? db, store, cutoff),
  };
  if (result.tempFolders + result.staleParts + result.orphanBlobs > 0) logger.info('swept upload leftovers', result);
  return result;
}

// One timer per server process, kept on globalThis so dev reloads do not start a second.
const holder = globalThis as typeof globalThis & { signetUploadSweeper?: NodeJS.Timeout };

/** Sweeps a minute after start, then every 15 minutes; the timer never keeps the process alive. */
export function startUploadSweeper(): void {
  if (holder.signetUploadSweeper) return;
  const run = () => {
    sweepUploadLeftovers().catch((error: unknown) => logger.error('upload sweep failed', { error }));
  };
  const first = setTimeout(() => {
    run();
    holder.signetUploadSweeper = setInterval(run, SWEEP_INTERVAL_MS);
    holder.signetUploadSweeper.unref();
  }, 60_000);
  first.unref();
  holder.signetUploadSweeper = first;
}
