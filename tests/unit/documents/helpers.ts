import { chmodSync, mkdtempSync, readdirSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { LocalBlobStore } from '@/lib/server/storage/local-blob-store';
import { afterAll, beforeAll, vi } from 'vitest';
import { tempSqliteUrl } from '../db/helpers';

export type TUploadWorld = {
  client: TDbClient;
  store: LocalBlobStore;
  blobRoot: string;
  tempRoot: string;
  converter: OfficeConverter;
  limits: { maxBytes: number; maxPages: number };
};

/** A migrated temporary SQLite database, an encrypted blob folder and a converter, all private to one test file. */
export async function createUploadWorld(limits = { maxBytes: 2 * 1024 * 1024, maxPages: 500 }): Promise<TUploadWorld> {
  const url = tempSqliteUrl();
  await migrateDatabase(url);
  const blobRoot = mkdtempSync(path.join(tmpdir(), 'signet-upload-blobs-'));
  const tempRoot = mkdtempSync(path.join(tmpdir(), 'signet-upload-temp-'));
  chmodSync(tempRoot, 0o711); // the converter runs as nobody under root: it must reach its work folder
  return {
    client: createPrismaClient(url),
    store: new LocalBlobStore(blobRoot, randomBytes(32)),
    blobRoot,
    tempRoot,
    converter: new OfficeConverter({ timeoutMs: 120_000, concurrency: 1, maxPages: limits.maxPages, tempRoot }),
    limits,
  };
}

/**
 * The upload world of one test file: made before its tests (logs kept quiet),
 * its database closed after them. Read it only inside tests and hooks.
 */
export function uploadWorldForFile(): TUploadWorld {
  let world: TUploadWorld | undefined;
  beforeAll(async () => {
    vi.stubEnv('LOG_LEVEL', 'error');
    world = await createUploadWorld();
  });
  afterAll(async () => {
    await world?.client.$disconnect();
    vi.unstubAllEnvs();
  });
  return new Proxy({} as TUploadWorld, {
    get: (_target, property) => {
      if (!world) throw new Error('the upload world exists only inside tests and hooks');
      return Reflect.get(world, property, world);
    },
  });
}

/** Every file under a folder (relative paths, sorted): what "the blob folder is unchanged" compares. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)))
    .sort();
}

export async function* chunksOf(bytes: Uint8Array, size = 64 * 1024): AsyncIterable<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}
