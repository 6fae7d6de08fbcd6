import { describe, expect, it, vi } from 'vitest';
import { createDocumentFromUpload } from '@/lib/server/documents/create-document-from-upload';
import { findOwnedDocumentDetails } from '@/lib/server/documents/find-owned-document-details';
import { bytesBody, readOwnedDocumentPdf } from '@/lib/server/documents/read-owned-document-pdf';
import { Semaphore } from '@/lib/server/office/semaphore';
import { makeDocx } from '@/tests/fixtures/office-files';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, uploadWorldForFile } from './helpers';

vi.setConfig({ testTimeout: 120_000 });

const world = uploadWorldForFile();

async function newOwner() {
  return world.client.user.create({ data: { email: `owner-${Date.now()}-${Math.random()}@example.com`, plan: 'PRO' } });
}

function upload(owner: { id: string; email: string; plan: 'FREE' | 'PRO' | 'ENTERPRISE' }, fileName: string, bytes: Uint8Array) {
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
    expect(Buffer.compare(read?.bytes ?? Buffer.alloc(0), pdf)).toBe(0);
    expect(await findOwnedDocumentDetails(document.token, owner.id, world.client)).toMatchObject({ name: 'contract.pdf', pageCount: 2, size: pdf.length });

    expect(await readOwnedDocumentPdf(document.token, stranger.id, deps)).toBeNull();
    expect(await readOwnedDocumentPdf('no-such-token', owner.id, deps)).toBeNull();
    expect(await findOwnedDocumentDetails(document.token, stranger.id, world.client)).toBeNull();
  });

  it('an office upload is read as its converted PDF, not the original', async () => {
    const owner = await newOwner();
    const docx = await makeDocx('Preview me');
    const document = await upload(owner, 'letter.docx', docx);
    const read = await readOwnedDocumentPdf(document.token, owner.id, { client: world.client, store: world.store });
    expect(read?.bytes.subarray(0, 5).toString()).toBe('%PDF-');
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
    await expect(readOwnedDocumentPdf(document.token, owner.id, deps)).rejects.toMatchObject({ code: 'SERVICE_UNAVAILABLE', retryAfterSeconds: expect.any(Number) });
    release();
    expect((await first)?.name).toBe('busy.pdf');
    expect((await second)?.name).toBe('busy.pdf');
  });
});
