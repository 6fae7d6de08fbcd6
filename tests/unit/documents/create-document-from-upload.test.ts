import type { TUploadOwner } from '@/lib/server/documents/upload/create-document-from-upload';
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { appendAuditEvent, auditEventHash } from '@/lib/server/audit/append-audit-event';
import { createDocumentFromUpload, documentName } from '@/lib/server/documents/upload/create-document-from-upload';
import { workingPdfBlob } from '@/lib/server/documents/working-pdf-blob';
import type { TDbClient } from '@/lib/server/db/create-client';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { makeDocx } from '@/tests/fixtures/office-files';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { chunksOf, listFiles, uploadWorldForFile } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.setConfig({ testTimeout: 120_000 });

const world = uploadWorldForFile();
let owner: TUploadOwner;

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** The test store with another put (one that fails, say). */
function withPut(store: BlobStore, put: BlobStore['put']): BlobStore {
  return new Proxy(store, {
    get: (target, property, receiver) => (property === 'put' ? put : Reflect.get(target, property, receiver)),
  });
}

function upload(
  fileName: string,
  bytes: Uint8Array,
  overrides: Partial<Parameters<typeof createDocumentFromUpload>[0]> = {},
) {
  return createDocumentFromUpload({
    owner,
    fileName,
    data: chunksOf(bytes),
    ip: '203.0.113.9',
    userAgent: 'vitest',
    client: world.client,
    store: world.store,
    converter: world.converter,
    limits: world.limits,
    tempRoot: world.tempRoot,
    ...overrides,
  });
}

beforeEach(async () => {
  owner = await userOnPlan(world.client, { email: `owner-${Date.now()}-${Math.random()}@example.com` }, 'PRO');
});

describe('createDocumentFromUpload', () => {
  it('stores a PDF, records its SHA-256 and creates the Document with an "uploaded" audit event', async () => {
    const pdf = await makePdf(3);
    const document = await upload('Contract.PDF', pdf);
    expect(document).toMatchObject({
      name: 'Contract.PDF',
      ownerId: owner.id,
      mode: 'EDIT',
      status: 'DRAFT',
      pageCount: 3,
    });
    expect(document.token).toMatch(/^[A-Za-z0-9_-]{32}$/); // 192 random bits
    expect(document.originalSha256).toBe(sha256(pdf));
    expect((await world.store.get(document.originalBlob)).equals(pdf)).toBe(true);
    // Nothing to change in this PDF: it is stored once and is also the working PDF.
    expect(document.currentBlob).toBeNull();
    expect(workingPdfBlob(document)).toEqual({ key: document.originalBlob, sha256: sha256(pdf) });
    expect(
      listFiles(world.blobRoot).filter((file) =>
        file.startsWith(document.originalBlob.split('/').slice(0, 2).join('/')),
      ),
    ).toHaveLength(1);

    const events = await world.client.auditEvent.findMany({ where: { documentId: document.id } });
    expect(events).toHaveLength(1);
    const event = events[0]!;
    expect(event).toMatchObject({
      type: 'document.uploaded',
      actor: owner.id,
      ip: '203.0.113.9',
      userAgent: 'vitest',
      prevHash: null,
    });
    expect(JSON.parse(event.data)).toMatchObject({
      sha256: sha256(pdf),
      size: pdf.length,
      pageCount: 3,
      convertedFrom: null,
    });
    expect(event.hash).toBe(auditEventHash(event));
    expect(readdirSync(world.tempRoot)).toEqual([]);
  });

  it('receives a PDF in memory without a temp folder (an office file needs one)', async () => {
    // A temp root that does not exist: making a folder in it would fail the upload.
    const document = await upload('No temp.pdf', await makePdf(1), { tempRoot: path.join(world.tempRoot, 'missing') });
    expect(document.pageCount).toBe(1);
    await expect(
      upload('Needs temp.docx', await makeDocx('x'), { tempRoot: path.join(world.tempRoot, 'missing') }),
    ).rejects.toMatchObject({ code: 'ENOENT' });
  });

  it('leaves nothing behind when a PDF is refused by its check (a truncated PDF)', async () => {
    const pdf = await makePdf(2);
    const before = listFiles(world.blobRoot);
    await expect(upload('truncated.pdf', pdf.subarray(0, pdf.length - 200))).rejects.toMatchObject({
      code: 'CORRUPT_FILE',
    });
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
  });

  it('stores nothing for a PDF refused halfway (over the size limit)', async () => {
    const pdf = await makePdf(2);
    const before = listFiles(world.blobRoot);
    await expect(
      upload('too big.pdf', pdf, { limits: { ...world.limits, maxBytes: pdf.length - 1 } }),
    ).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
    });
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
  });

  it('gives every document its own unguessable token', async () => {
    const pdf = await makePdf(1);
    const [a, b] = [await upload('a.pdf', pdf), await upload('b.pdf', pdf)];
    expect(a.token).not.toBe(b.token);
    expect(a.originalBlob).not.toBe(b.originalBlob);
  });

  it('converts an office file, keeping the original next to the PDF', async () => {
    const docx = await makeDocx('Converted by Signet');
    const document = await upload('letter.docx', docx);
    expect(document.pageCount).toBe(1);
    // A PDF from now on: mails, the dashboard and the certificate name it without ".docx"; the audit trail keeps the file's name.
    expect(document.name).toBe('letter');
    expect((await world.store.get(document.originalBlob)).equals(docx)).toBe(true);
    expect((await world.store.get(document.currentBlob!)).subarray(0, 5).toString()).toBe('%PDF-');
    expect(workingPdfBlob(document)).toEqual({ key: document.currentBlob, sha256: document.currentSha256 });
    const event = await world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id } });
    expect(JSON.parse(event.data)).toMatchObject({
      name: 'letter',
      fileName: 'letter.docx',
      convertedFrom: 'docx',
      sha256: sha256(docx),
    });
    expect(readdirSync(world.tempRoot)).toEqual([]);
  });

  it('uses only the last part of a path as the name', () => {
    expect(documentName('C:\\Users\\ana\\Desktop\\offer.pdf')).toBe('offer.pdf');
    expect(documentName('../../etc/x.pdf')).toBe('x.pdf');
    expect(() => documentName('folder/')).toThrow(expect.objectContaining({ code: 'INVALID_INPUT' }));
  });

  it('refuses over quota before reading a byte or storing anything', async () => {
    const free = await userOnPlan(world.client, { email: `free-${Date.now()}@example.com` }, 'FREE');
    for (let i = 0; i < 5; i++) await upload(`doc${i}.pdf`, await makePdf(1), { owner: free });
    const before = listFiles(world.blobRoot);
    let read = false;
    async function* watched() {
      read = true;
      yield await makePdf(1);
    }
    await expect(upload('sixth.pdf', Buffer.alloc(0), { owner: free, data: watched() })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
    });
    expect(read).toBe(false);
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count({ where: { ownerId: free.id } })).toBe(5);
  });

  it('lets exactly one of many parallel uploads take the last free slot (tests/db has the PostgreSQL twin)', async () => {
    const free = await userOnPlan(world.client, { email: `race-${Date.now()}@example.com` }, 'FREE');
    const pdf = await makePdf(1);
    for (let i = 0; i < 4; i++) await upload(`doc${i}.pdf`, pdf, { owner: free });
    const before = listFiles(world.blobRoot).length;
    const results = await Promise.allSettled(
      Array.from({ length: 12 }, (_, i) => upload(`parallel${i}.pdf`, pdf, { owner: free })),
    );
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1);
    const reasons = results.flatMap((result) =>
      result.status === 'rejected' ? [(result.reason as { code?: string }).code] : [],
    );
    expect(reasons).toEqual(Array(11).fill('QUOTA_EXCEEDED'));
    expect(await world.client.document.count({ where: { ownerId: free.id } })).toBe(5);
    expect(listFiles(world.blobRoot).filter((file) => !file.startsWith('.tmp'))).toHaveLength(before + 1);
  });

  it('removes the stored blobs when the database write fails', async () => {
    const before = listFiles(world.blobRoot);
    const broken = new Proxy(world.client, {
      get(target, property, receiver) {
        if (property === '$transaction') return async () => Promise.reject(new Error('database went away'));
        return Reflect.get(target, property, receiver);
      },
    }) as TDbClient;
    await expect(upload('a.pdf', await makePdf(1), { client: broken })).rejects.toThrow('database went away');
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
    expect(readdirSync(world.tempRoot)).toEqual([]);
  });

  it('removes the first blob when storing the second fails', async () => {
    const before = listFiles(world.blobRoot);
    const put = world.store.put.bind(world.store);
    const spy = vi.spyOn(world.store, 'put').mockImplementationOnce(put).mockRejectedValueOnce(new Error('disk full'));
    await expect(upload('a.docx', await makeDocx())).rejects.toThrow('disk full');
    spy.mockRestore();
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(await world.client.document.count({ where: { ownerId: owner.id } })).toBe(0);
  });
});

describe('createDocumentFromUpload when the store fails mid-stream', () => {
  it('stops the receive with the store error instead of waiting on back-pressure', async () => {
    // A PDF streams into the store's put while it arrives.
    const store = withPut(world.store, async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      throw new Error('bucket gone');
    });
    const before = listFiles(world.blobRoot);
    await expect(
      upload('big.pdf', Buffer.alloc(6 * 1024 * 1024, 0x25), {
        store,
        limits: { maxBytes: 8 * 1024 * 1024, maxPages: 500 },
      }),
    ).rejects.toThrow('bucket gone');
    expect(listFiles(world.blobRoot)).toEqual(before);
    expect(readdirSync(world.tempRoot)).toEqual([]);
  });
});

describe('appendAuditEvent', () => {
  it('chains each event to the previous one', async () => {
    const document = await upload('chain.pdf', await makePdf(1));
    const second = await appendAuditEvent(world.client as TDbClient, {
      documentId: document.id,
      type: 'document.viewed',
      actor: owner.id,
    });
    const first = await world.client.auditEvent.findFirstOrThrow({
      where: { documentId: document.id, type: 'document.uploaded' },
    });
    expect(second.prevHash).toBe(first.hash);
    expect(second.hash).toBe(auditEventHash(second));
    expect(auditEventHash({ ...first, data: '{"forged":true}' })).not.toBe(first.hash);
  });
});
