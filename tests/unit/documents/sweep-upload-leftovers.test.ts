import { mkdirSync, mkdtempSync, utimesSync, writeFileSync, existsSync } from 'node:fs';
import type { TPdfInspection } from '@/lib/server/pdf/inspect-pdf';
import type { TDbClient } from '@/lib/server/db/create-client';
import { PENDING_UPLOAD_MAX_AGE_MS } from '@/lib/server/documents/upload/pending-upload';
import type { OfficeConverter } from '@/lib/server/office/convert-to-pdf';
import { makeDocx } from '@/tests/fixtures/office-files';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload, type TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import {
  LEFTOVER_AGE_MS,
  SWEEP_LEASE_MS,
  sweepUploadLeftovers,
} from '@/lib/server/documents/upload/sweep-upload-leftovers';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, listFiles, uploadWorldForFile } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 60_000 });

const world = uploadWorldForFile();

/** Backdates a file or folder by `ms`. */
function age(file: string, ms: number) {
  const when = new Date(Date.now() - ms);
  utimesSync(file, when, when);
}

describe('sweepUploadLeftovers', () => {
  it('removes old work folders, half-written parts and blobs no document points at; keeps everything else', async () => {
    const owner = await userOnPlan(world.client, { email: 'sweep@example.com' }, 'PRO');
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

    expect(result).toEqual({ tempFolders: 2, staleParts: 1, orphanBlobs: 1, abandonedUploads: 0 });
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
    expect(await sweepUploadLeftovers({ client: world.client, store: world.store, tempRoots: [temp] })).toEqual({
      tempFolders: 0,
      staleParts: 0,
      orphanBlobs: 0,
      abandonedUploads: 0,
    });
  });

  it('keeps the blobs of an upload that waits for its check longer than the cutoff, and the Document opens', async () => {
    const owner = await userOnPlan(world.client, { email: 'waiting@example.com' }, 'PRO');
    const held = heldConverter(await makePdf(2));
    const before = listFiles(world.blobRoot);
    const uploading = uploadDocx(owner, held.converter);
    await held.reached;
    const folder = await waitForOriginal(before);
    const stored = listFiles(world.blobRoot).filter((file) => file.startsWith(folder));
    // Its blobs are now older than the cutoff, as after a long wait in a queue.
    const swept = await sweepUploadLeftovers({
      client: world.client,
      store: world.store,
      tempRoots: [],
      now: new Date(Date.now() + 60_000),
    });
    expect(swept).not.toBeNull();
    expect(listFiles(world.blobRoot).filter((file) => file.startsWith(folder))).toEqual(stored);
    held.release();
    const document = await uploading;
    expect(await world.store.exists(document.originalBlob)).toBe(true);
    expect((await world.store.get(document.currentBlob!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(await world.client.pendingUpload.count()).toBe(0);
  });

  it('refuses, clearly and without a Document, an upload whose blobs were swept as abandoned (pending for over a day)', async () => {
    const owner = await userOnPlan(world.client, { email: 'abandoned@example.com' }, 'PRO');
    const held = heldConverter(await makePdf(1));
    const before = listFiles(world.blobRoot);
    const uploading = uploadDocx(owner, held.converter);
    uploading.catch(() => undefined);
    await held.reached;
    const folder = await waitForOriginal(before);
    const swept = await sweepUploadLeftovers({
      client: world.client,
      store: world.store,
      tempRoots: [],
      now: new Date(Date.now() + PENDING_UPLOAD_MAX_AGE_MS + 60_000),
    });
    expect(swept).toMatchObject({ abandonedUploads: 1 });
    expect(listFiles(world.blobRoot).filter((file) => file.startsWith(folder))).toEqual([]);
    held.release();
    await expect(uploading).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      detail: expect.stringContaining('upload it again'),
    });
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
    expect(listFiles(world.blobRoot).filter((file) => file.startsWith(folder))).toEqual([]);
    expect(await world.client.pendingUpload.count()).toBe(0);
  });

  it('checks inside the commit that the stored blobs are still there: a lost original is refused, not committed', async () => {
    const owner = await userOnPlan(world.client, { email: 'lost@example.com' }, 'PRO');
    const held = heldConverter(await makePdf(1));
    const before = listFiles(world.blobRoot);
    const uploading = uploadDocx(owner, held.converter);
    uploading.catch(() => undefined);
    await held.reached;
    const folder = await waitForOriginal(before);
    for (const file of listFiles(world.blobRoot).filter((name) => name.startsWith(folder)))
      await world.store.delete(file);
    held.release();
    await expect(uploading).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE' });
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
    expect(await world.client.pendingUpload.count()).toBe(0);
  });

  it('runs one sweep at a time: in a process, and across instances through a lease in the database', async () => {
    const options = { client: world.client, store: world.store, tempRoots: [] };
    const both = await Promise.all([sweepUploadLeftovers(options), sweepUploadLeftovers(options)]);
    expect(both.filter((result) => result === null)).toHaveLength(1);
    // Another instance holds the lease: this one does not sweep, until that lease is older than its term.
    await world.client.setting.create({
      data: { key: 'lease:upload-sweep', value: 'other-instance', updatedAt: new Date() },
    });
    expect(await sweepUploadLeftovers(options)).toBeNull();
    expect(
      await sweepUploadLeftovers({ ...options, now: new Date(Date.now() + SWEEP_LEASE_MS + 1000) }),
    ).not.toBeNull();
    expect(await world.client.setting.count({ where: { key: 'lease:upload-sweep' } })).toBe(0);
  });

  it('reads the Document table once per sweep, not once per folder', async () => {
    for (const name of ['a', 'b', 'c', 'd']) {
      await world.store.put(`documents/orphan-${name}/original.pdf`, Buffer.from('%PDF-1.7 orphan'));
      age(path.join(world.blobRoot, 'documents', `orphan-${name}`, 'original.pdf'), LEFTOVER_AGE_MS + 60_000);
    }
    const calls: string[] = [];
    const counting = new Proxy(world.client, {
      get(target, property, receiver) {
        const value: unknown = Reflect.get(target, property, receiver);
        if (property !== 'document') return value;
        return new Proxy(value as object, {
          get(delegate, method) {
            calls.push(String(method));
            return Reflect.get(delegate, method);
          },
        });
      },
    }) as TDbClient;
    const result = await sweepUploadLeftovers({ client: counting, store: world.store, tempRoots: [] });
    expect(result?.orphanBlobs).toBe(4);
    expect(calls).toEqual(['findMany']);
  });
});

/** A converter that stops until released, as an upload queued behind others would. */
function heldConverter(pdf: Uint8Array) {
  let release!: () => void;
  let reached!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const arrived = new Promise<void>((resolve) => (reached = resolve));
  const converter = {
    async convert(): Promise<TPdfInspection> {
      reached();
      await gate;
      return { bytes: pdf, pageCount: 1, strippedScripts: [] };
    },
  } as unknown as OfficeConverter;
  return { converter, reached: arrived, release };
}

async function uploadDocx(owner: TUploadOwner, converter: OfficeConverter) {
  return createDocumentFromUpload({
    owner,
    fileName: 'waiting.docx',
    data: chunksOf(await makeDocx('waiting')),
    client: world.client,
    store: world.store,
    converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  });
}

/** The folder (documents/<uuid>/) of the upload's first new blob, once stored; its blobs are then backdated past the cutoff. */
async function waitForOriginal(before: string[]): Promise<string> {
  for (;;) {
    const added = listFiles(world.blobRoot).filter((file) => file.startsWith('documents/') && !before.includes(file));
    if (added.length > 0) {
      const folder = added[0]!.split('/').slice(0, 2).join('/') + '/';
      for (const file of added) age(path.join(world.blobRoot, file), LEFTOVER_AGE_MS + 60_000);
      return folder;
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
