import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload } from '@/lib/server/documents/create-document-from-upload';
import { LEFTOVER_AGE_MS, sweepUploadLeftovers } from '@/lib/server/documents/sweep-upload-leftovers';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, listFiles, uploadWorldForFile } from './helpers';

vi.setConfig({ testTimeout: 60_000 });

const world = uploadWorldForFile();

/** Backdates a file or folder by `ms`. */
function age(file: string, ms: number) {
  const when = new Date(Date.now() - ms);
  utimesSync(file, when, when);
}

describe('sweepUploadLeftovers', () => {
  it('removes old work folders, half-written parts and blobs no document points at; keeps everything else', async () => {
    const owner = await world.client.user.create({ data: { email: 'sweep@example.com', plan: 'PRO' } });
    const kept = await createDocumentFromUpload({
      owner,
      fileName: 'kept.pdf',
      data: chunksOf(await makePdf(1)),
      client: world.client,
      store: world.store,
      converter: world.converter,
      limits: world.limits,
      tempRoot: world.tempRoot,
    });
    const old = LEFTOVER_AGE_MS + 60_000;
    // An old document's blobs are referenced: never swept, however old.
    for (const file of listFiles(world.blobRoot)) age(path.join(world.blobRoot, file), old);

    // A crash between storing and committing: blobs of no document, one old, one fresh.
    await world.store.put('documents/orphan-old/original.pdf', Buffer.from('%PDF-1.7 orphan'));
    await world.store.put('documents/orphan-new/original.pdf', Buffer.from('%PDF-1.7 in flight'));
    age(path.join(world.blobRoot, 'documents', 'orphan-old', 'original.pdf'), old);
    // A half-written part, old and fresh.
    mkdirSync(path.join(world.blobRoot, '.tmp'), { recursive: true });
    writeFileSync(path.join(world.blobRoot, '.tmp', 'old.part'), 'x');
    writeFileSync(path.join(world.blobRoot, '.tmp', 'new.part'), 'x');
    age(path.join(world.blobRoot, '.tmp', 'old.part'), old);
    // Work folders of uploads and conversions, old and fresh, and a folder that is not ours.
    const temp = mkdtempSync(path.join(tmpdir(), 'signet-sweep-root-'));
    for (const name of ['signet-upload-old', 'signet-soffice-old', 'signet-upload-new', 'someone-else-old']) {
      mkdirSync(path.join(temp, name, 'in'), { recursive: true });
      writeFileSync(path.join(temp, name, 'in', 'document.docx'), 'x');
      if (name.endsWith('-old')) age(path.join(temp, name), old);
    }

    const result = await sweepUploadLeftovers({ client: world.client, store: world.store, tempRoots: [temp] });

    expect(result).toEqual({ tempFolders: 2, staleParts: 1, orphanBlobs: 1 });
    expect(existsSync(path.join(temp, 'signet-upload-old'))).toBe(false);
    expect(existsSync(path.join(temp, 'signet-soffice-old'))).toBe(false);
    expect(existsSync(path.join(temp, 'signet-upload-new'))).toBe(true);
    expect(existsSync(path.join(temp, 'someone-else-old'))).toBe(true);
    expect(existsSync(path.join(world.blobRoot, '.tmp', 'old.part'))).toBe(false);
    expect(existsSync(path.join(world.blobRoot, '.tmp', 'new.part'))).toBe(true);
    expect(await world.store.exists('documents/orphan-old/original.pdf')).toBe(false);
    expect(await world.store.exists('documents/orphan-new/original.pdf')).toBe(true);
    expect(await world.store.exists(kept.originalBlob)).toBe(true);
    expect((await world.store.get(kept.originalBlob)).subarray(0, 5).toString()).toBe('%PDF-');

    // A second sweep finds nothing more.
    expect(await sweepUploadLeftovers({ client: world.client, store: world.store, tempRoots: [temp] })).toEqual({ tempFolders: 0, staleParts: 0, orphanBlobs: 0 });
  });
});
