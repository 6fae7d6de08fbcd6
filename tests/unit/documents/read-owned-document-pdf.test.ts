import type { TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload } from '@/lib/server/documents/upload/create-document-from-upload';
import { findOwnedDocumentDetails } from '@/lib/server/documents/find-owned-document-details';
import { bytesBody, readOwnedDocumentPdf } from '@/lib/server/documents/read-owned-document-pdf';
import { Semaphore } from '@/lib/server/concurrency/semaphore';
import { makeDocx } from '@/tests/fixtures/office-files';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, uploadWorldForFile } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000 });

const world = uploadWorldForFile();

/** Reads a download's body to its end (which gives its slot back). */
async function drain(body: ReadableStream<Uint8Array>): Promise<Buffer> {
  return Buffer.from(await new Response(body).arrayBuffer());
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

async function newOwner() {
  return userOnPlan(world.client, { email: `owner-${Date.now()}-${Math.random()}@example.com` }, 'PRO');
}

function upload(owner: TUploadOwner, fileName: string, bytes: Uint8Array) {
  return createDocumentFromUpload({
    owner,
    fileName,
    data: chunksOf(bytes),
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
  });
}

describe('the document page and its PDF, for the owner only', () => {
  it('gives the owner the stored PDF and the details; anyone else and unknown tokens get null', async () => {
    const [owner, stranger] = [await newOwner(), await newOwner()];
    const pdf = await makePdf(2);
    const document = await upload(owner, 'contract.pdf', pdf);
    const deps = { client: world.client, store: world.store };

    const read = await readOwnedDocumentPdf(document.token, owner.id, deps);
    expect(read?.name).toBe('contract.pdf');
    expect(read?.size).toBe(pdf.length);
    expect((await drain(read!.body)).equals(pdf)).toBe(true);
    expect(await findOwnedDocumentDetails(document.token, owner.id, world.client)).toMatchObject({
      name: 'contract.pdf',
      pageCount: 2,
      size: pdf.length,
    });

    expect(await readOwnedDocumentPdf(document.token, stranger.id, deps)).toBeNull();
    expect(await readOwnedDocumentPdf('no-such-token', owner.id, deps)).toBeNull();
    expect(await findOwnedDocumentDetails(document.token, stranger.id, world.client)).toBeNull();
  });

  it('an office upload is read as its converted PDF, not the original', async () => {
    const owner = await newOwner();
    const docx = await makeDocx('Preview me');
    const document = await upload(owner, 'letter.docx', docx);
    const read = await readOwnedDocumentPdf(document.token, owner.id, { client: world.client, store: world.store });
    expect((await drain(read!.body)).subarray(0, 5).toString()).toBe('%PDF-');
    expect((await findOwnedDocumentDetails(document.token, owner.id, world.client))?.size).toBe(docx.length);
  });

  it('sends the bytes it has as views on them, never a copy', async () => {
    const bytes = Buffer.alloc(2.5 * 1024 * 1024 + 7, 1);
    const reader = new Response(bytesBody(bytes)).body!.getReader();
    let total = 0;
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      expect(part.value.buffer).toBe(bytes.buffer);
      total += part.value.byteLength;
    }
    expect(total).toBe(bytes.length);
  });

  it('reads at most a few PDFs at once; past the waiting room a download gets 503 with Retry-After', async () => {
    const owner = await newOwner();
    const document = await upload(owner, 'busy.pdf', await makePdf(1));
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const slow = { get: async (key: string) => (await gate, world.store.get(key)) };
    const reads = new Semaphore(1, { maxWaiting: 1 });
    const deps = { client: world.client, store: slow, reads };
    const first = readOwnedDocumentPdf(document.token, owner.id, deps);
    const second = readOwnedDocumentPdf(document.token, owner.id, deps);
    await new Promise((resolve) => setTimeout(resolve, 50));
    await expect(readOwnedDocumentPdf(document.token, owner.id, deps)).rejects.toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      retryAfterSeconds: expect.any(Number),
    });
    release();
    const firstRead = (await first)!;
    expect(firstRead.name).toBe('busy.pdf');
    // The second waits until the first body was sent, not merely decrypted.
    await tick();
    expect(reads.inUse).toBe(1);
    await drain(firstRead.body);
    const secondRead = (await second)!;
    expect(secondRead.name).toBe('busy.pdf');
    await drain(secondRead.body);
    expect(reads.inUse).toBe(0);
  });

  it('holds the slot while the body is streamed and gives it back once the last chunk was taken', async () => {
    const owner = await newOwner();
    const document = await upload(owner, 'streamed.pdf', await makePdf(1));
    const reads = new Semaphore(1);
    // Three chunks' worth of bytes (a megabyte each).
    const large = { get: async () => Buffer.alloc(2.5 * 1024 * 1024, 7) };
    const read = (await readOwnedDocumentPdf(document.token, owner.id, { client: world.client, store: large, reads }))!;
    const reader = read.body.getReader();
    const taken: number[] = [];
    for (let part = await reader.read(); !part.done; part = await reader.read()) {
      taken.push(part.value.byteLength);
      // Held until the reader has taken the last chunk, not merely once it is queued.
      if (taken.length < 3) expect(reads.inUse).toBe(1);
    }
    expect(taken).toEqual([1024 * 1024, 1024 * 1024, 0.5 * 1024 * 1024]);
    expect(reads.inUse).toBe(0);
  });

  it('gives the slot back when the body is cancelled (the client left), when it fails, and when it is never read', async () => {
    const owner = await newOwner();
    const document = await upload(owner, 'abandoned.pdf', await makePdf(1));
    const reads = new Semaphore(1);
    const deps = { client: world.client, store: world.store, reads };

    const cancelled = (await readOwnedDocumentPdf(document.token, owner.id, deps))!;
    expect(reads.inUse).toBe(1);
    await cancelled.body.cancel();
    expect(reads.inUse).toBe(0);

    // A response whose socket fails: the pipe cancels the source with the error.
    const failing = (await readOwnedDocumentPdf(document.token, owner.id, deps))!;
    const broken = new WritableStream<Uint8Array>({ write: () => Promise.reject(new Error('socket hang up')) });
    await expect(failing.body.pipeTo(broken)).rejects.toThrow('socket hang up');
    expect(reads.inUse).toBe(0);

    // A body nobody reads nor cancels (a response Next never piped) errors after its stall time.
    const unread = (await readOwnedDocumentPdf(document.token, owner.id, { ...deps, stallMs: 30 }))!;
    expect(reads.inUse).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(reads.inUse).toBe(0);
    await expect(unread.body.getReader().read()).rejects.toThrow(/not read for 30 ms/);
  });

  it('gives the slot back when the blob cannot be read', async () => {
    const owner = await newOwner();
    const document = await upload(owner, 'gone.pdf', await makePdf(1));
    const reads = new Semaphore(1);
    const broken = { get: () => Promise.reject(new Error('disk gone')) };
    await expect(
      readOwnedDocumentPdf(document.token, owner.id, { client: world.client, store: broken, reads }),
    ).rejects.toThrow('disk gone');
    expect(reads.inUse).toBe(0);
  });
});
