import 'server-only';
import { readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { db, type TDbClient } from '@/lib/server/db/client';
import { takeLease } from '@/lib/server/db/lease';
import { logger } from '@/lib/server/logger';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { PENDING_UPLOAD_MAX_AGE_MS } from './pending-upload';
import { runPeriodically } from '@/lib/server/jobs/run-periodically';

/**
 * Older than this, a leftover cannot belong to an upload still running: uploads
 * waiting in a queue are protected by their PendingUpload row (see
 * pending-upload.ts), and queue waits are capped at minutes.
 */
export const LEFTOVER_AGE_MS = 60 * 60 * 1000;
export const SWEEP_INTERVAL_MS = 15 * 60 * 1000;
/** A sweeper that died holding the lease gives it up after this. */
export const SWEEP_LEASE_MS = 30 * 60 * 1000;

/** Work folders of createDocumentFromUpload, the office converter and the PDF repair (a terminated inspector worker leaves its own). */
const TEMP_PREFIXES = ['signet-upload-', 'signet-soffice-', 'signet-qpdf-'];
const PAGE = 1000;

export type TSweepOptions = {
  client?: TDbClient;
  store?: BlobStore;
  /** Folders holding the work folders; default the system temp folder. */
  tempRoots?: string[];
  now?: Date;
};

export type TSweepResult = { tempFolders: number; staleParts: number; orphanBlobs: number; abandonedUploads: number };

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

const folderOf = (key: string) => key.split('/').slice(0, 2).join('/') + '/';

/** Every blob folder a Document points at, read in one pass (pages by id) rather than one query per folder. */
async function referencedFolders(client: TDbClient): Promise<Set<string>> {
  const folders = new Set<string>();
  let cursor: string | undefined;
  for (;;) {
    const page = await client.document.findMany({
      select: { id: true, originalBlob: true, currentBlob: true, sealedBlob: true },
      orderBy: { id: 'asc' },
      take: PAGE,
      ...(cursor ? { skip: 1, cursor: { id: cursor } } : {}),
    });
    for (const row of page)
      for (const key of [row.originalBlob, row.currentBlob, row.sealedBlob]) if (key) folders.add(folderOf(key));
    if (page.length < PAGE) return folders;
    cursor = page[page.length - 1]!.id;
  }
}

/**
 * Uploads pending for over a day: the process that wrote them crashed before
 * its commit. Each row is taken away first (only if still that old), then its
 * blobs; an upload that commits meanwhile finds its row gone and is refused.
 */
async function sweepAbandonedUploads(client: TDbClient, store: BlobStore, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - PENDING_UPLOAD_MAX_AGE_MS);
  const stale = await client.pendingUpload.findMany({ where: { createdAt: { lt: cutoff } }, take: PAGE });
  let removed = 0;
  for (const { blobFolder } of stale) {
    const { count } = await client.pendingUpload.deleteMany({ where: { blobFolder, createdAt: { lt: cutoff } } });
    if (count === 0) continue;
    for await (const blob of store.list(blobFolder)) await store.delete(blob.key);
    removed += 1;
  }
  return removed;
}

/**
 * Blobs under documents/<folder>/ that no Document points at and no pending
 * upload owns: what a crash between storing the bytes and committing the
 * Document leaves when its PendingUpload row is gone too (a refused or failed
 * upload removes its own). Only blobs older than the cutoff are taken. Pending
 * folders are read before the Documents: an upload that commits in between
 * (row gone, Document there) is then seen by the second read.
 */
async function sweepOrphanBlobs(client: TDbClient, store: BlobStore, cutoff: Date): Promise<number> {
  let kept: Set<string> | undefined;
  let removed = 0;
  for await (const blob of store.list('documents/')) {
    if (blob.modified >= cutoff) continue;
    if (!kept) {
      const pending = await client.pendingUpload.findMany({ select: { blobFolder: true } });
      kept = await referencedFolders(client);
      for (const row of pending) kept.add(row.blobFolder);
    }
    if (kept.has(folderOf(blob.key))) continue;
    await store.delete(blob.key);
    removed += 1;
  }
  return removed;
}

const holder = globalThis as typeof globalThis & { signetUploadSweeping?: boolean };

/**
 * One sweep: temp work folders, half-written blob parts and orphan blobs older
 * than an hour, and uploads pending for over a day. One sweep at a time: in
 * this process (a flag), and across instances on one database (a lease in the
 * Setting table). Null when another sweep was running.
 */
export async function sweepUploadLeftovers(options: TSweepOptions = {}): Promise<TSweepResult | null> {
  if (holder.signetUploadSweeping) return null;
  holder.signetUploadSweeping = true;
  try {
    const now = options.now ?? new Date();
    const client = options.client ?? db;
    const lease = await takeLease(client, 'upload-sweep', { ttlMs: SWEEP_LEASE_MS, now });
    if (!lease) return null;
    try {
      const cutoff = new Date(now.getTime() - LEFTOVER_AGE_MS);
      const store = options.store ?? getBlobStore();
      const result = {
        tempFolders: await sweepTempFolders(options.tempRoots ?? [tmpdir()], cutoff),
        staleParts: await store.removeStaleParts(cutoff),
        abandonedUploads: await sweepAbandonedUploads(client, store, now),
        orphanBlobs: await sweepOrphanBlobs(client, store, cutoff),
      };
      if (Object.values(result).some((count) => count > 0)) logger.info('swept upload leftovers', result);
      return result;
    } finally {
      await lease.release();
    }
  } finally {
    holder.signetUploadSweeping = false;
  }
}

/** Sweeps a minute after start, then every 15 minutes. */
export function startUploadSweeper(): void {
  runPeriodically('upload sweep', SWEEP_INTERVAL_MS, () => sweepUploadLeftovers(), { firstAfterMs: 60_000 });
}
