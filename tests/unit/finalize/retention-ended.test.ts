// Retention of documents that ended unsigned (declined, cancelled, expired): the same document.purge job as a
// completed document's, RETENTION_DAYS after the end; the files and the signers' data go, hashes and audit stay.
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeSizedPdf } from '@/tests/unit/api/helpers';
import { loadOwnerRoutes } from '@/tests/unit/api/sending-helpers';
import { signerWorld } from '@/tests/unit/api/signer-helpers';
import { penSignature, stubEscrowKey } from '@/tests/unit/signatures/escrow-fixture';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

stubEscrowKey();
const { world, call, sent, consent, putField, putRaw, decline, auditTrail, runJobs } = signerWorld();
const DAY_MS = 24 * 60 * 60 * 1000;

const mod = {} as {
  routes: Awaited<ReturnType<typeof loadOwnerRoutes>>;
  download: typeof import('@/app/api/v1/documents/[id]/download/route');
  details: typeof import('@/app/api/v1/documents/[id]/route');
  purge: typeof import('@/lib/server/finalize/purge-sealed-blobs');
  sweep: typeof import('@/lib/server/finalize/sweep-unscheduled-retention');
  expire: typeof import('@/lib/server/signing/notices/expire-document');
  store: import('@/lib/server/storage/blob-store').BlobStore;
};

beforeAll(async () => {
  mod.routes = await loadOwnerRoutes();
  mod.download = await import('@/app/api/v1/documents/[id]/download/route');
  mod.details = await import('@/app/api/v1/documents/[id]/route');
  mod.purge = await import('@/lib/server/finalize/purge-sealed-blobs');
  mod.sweep = await import('@/lib/server/finalize/sweep-unscheduled-retention');
  mod.expire = await import('@/lib/server/signing/notices/expire-document');
  mod.store = (await import('@/lib/server/storage/get-blob-store')).getBlobStore();
});

const folderOf = (originalBlob: string) => `${originalBlob.split('/').slice(0, 2).join('/')}/`;

async function blobsIn(folder: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const blob of mod.store.list(folder)) keys.push(blob.key);
  return keys.sort();
}

/**
 * Ana has drawn her signature (strokes and a biometric envelope), attached a
 * scan of her ID and typed her company; Bo signs in parallel and has not yet.
 */
async function filledIn(body: Record<string, unknown> = {}) {
  const ana = { email: `ana-${Math.random().toString(36).slice(2, 8)}@example.com`, name: 'Ana Gonçalves' };
  const { document, people, fieldIds, tokens } = await sent(
    [ana, { email: 'bo@example.com', name: 'Bo Novák' }],
    [
      { to: 0, type: 'signature' },
      { to: 0, type: 'attachment' },
      { to: 0, type: 'text' },
      { to: 1, type: 'signature' },
    ],
    { signingOrder: 'parallel', ...body },
  );
  await consent(people[0]!.id);
  const token = tokens[ana.email]!;
  const [signature, scan, text] = fieldIds as [string, string, string];
  expect((await putField(token, signature, { signature: penSignature() })).status).toBe(200);
  const form = new FormData();
  form.append('file', new Blob([Buffer.from(await makeSizedPdf([[200, 120]]))]), 'id-card.pdf');
  expect((await putRaw(token, scan, { body: form })).status).toBe(200);
  expect((await putField(token, text, { value: 'ACME Lda.' })).status).toBe(200);

  const row = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
  const folder = folderOf(row.originalBlob);
  // Before: the original, the scan; the drawn signature's strokes and envelope; the typed value.
  expect((await blobsIn(folder)).some((key) => key.includes('/attachments/'))).toBe(true);
  expect(await world.client.signature.findUniqueOrThrow({ where: { fieldId: signature } })).toMatchObject({
    kind: 'DRAWN',
    points: expect.any(String),
    biometric: expect.any(String),
  });
  expect(await world.client.field.count({ where: { documentId: document.id, value: { not: null } } })).toBe(3);
  return { document: row, folder, people, token };
}

async function download(id: string) {
  const response = await mod.download.GET(
    new Request(`http://signet.test/api/v1/documents/${id}/download?kind=original`, {
      headers: { authorization: `Bearer ${world.key}` },
    }),
    { params: Promise.resolve({ id }) },
  );
  return {
    status: response.status,
    body: (await response.json().catch(() => null)) as { reason?: string; detail?: string } | null,
  };
}

/** The purge is scheduled RETENTION_DAYS (30 here) after the end and does nothing before; after it, everything private is gone. */
async function expectPurgedAfterRetention(documentId: string, endedAt: Date, status: string) {
  const row = await world.client.document.findUniqueOrThrow({
    where: { id: documentId },
    include: { recipients: { orderBy: { order: 'asc' } } },
  });
  expect(row.purgeAt?.getTime()).toBe(endedAt.getTime() + 30 * DAY_MS);
  const job = await world.client.job.findFirstOrThrow({
    where: { queue: 'document.purge', payload: { contains: documentId } },
  });
  expect(job.runAt).toEqual(row.purgeAt);
  expect((await call(mod.details.GET, 'GET', '/x', { params: { id: documentId } })).body).toMatchObject({
    purgeAt: row.purgeAt!.toISOString(),
    downloads: { original: true },
  });
  expect(await mod.purge.purgeSealedBlobs(documentId, { now: new Date(row.purgeAt!.getTime() - 1000) })).toBe(
    'not-due',
  );
  expect((await download(documentId)).status).toBe(200);

  const trailBefore = await auditTrail(documentId);
  const hashesBefore = (await world.client.auditEvent.findMany({ where: { documentId }, orderBy: { at: 'asc' } })).map(
    (event) => event.hash,
  );
  const later = new Date(row.purgeAt!.getTime() + 1000);
  expect(await mod.purge.purgeSealedBlobs(documentId, { now: later })).toBe('purged');
  expect(await mod.purge.purgeSealedBlobs(documentId, { now: later })).toBe('nothing');

  // Gone: every blob of the document (original, ID scan), every value, every signature (strokes, biometric envelope).
  expect(await blobsIn(folderOf(row.originalBlob))).toEqual([]);
  expect(await world.client.field.count({ where: { documentId, value: { not: null } } })).toBe(0);
  expect(await world.client.signature.count({ where: { field: { documentId } } })).toBe(0);
  // Kept: the row with its hashes, the recipients, the fields' places, and the audit trail, untouched, its chain valid.
  const after = await world.client.document.findUniqueOrThrow({
    where: { id: documentId },
    include: { recipients: { orderBy: { order: 'asc' } } },
  });
  expect(after).toMatchObject({ status: row.status, originalSha256: row.originalSha256, workingPurgedAt: later });
  expect(after.recipients.map(({ name, email, status }) => ({ name, email, status }))).toEqual(
    row.recipients.map(({ name, email, status }) => ({ name, email, status })),
  );
  expect(await world.client.field.count({ where: { documentId } })).toBe(4);
  const events = await world.client.auditEvent.findMany({ where: { documentId }, orderBy: { at: 'asc' } });
  expect(events.slice(0, -1).map((event) => event.hash)).toEqual(hashesBefore);
  expect(events.at(-1)).toMatchObject({ type: 'document.purged', actor: 'system' });
  expect(JSON.parse(events.at(-1)!.data)).toMatchObject({
    status,
    originalSha256: row.originalSha256,
    purgeAt: row.purgeAt!.toISOString(),
    signatures: 1,
    fieldValues: 3,
  });
  const trail = await auditTrail(documentId);
  expect(trail.chainValid).toBe(true);
  expect(trail.events.slice(0, -1)).toEqual(trailBefore.events);

  // The owner is told why there is nothing to download.
  const refused = await download(documentId);
  expect(refused).toMatchObject({
    status: 409,
    body: { reason: 'purged', detail: expect.stringContaining('retention period ended') },
  });
  expect((await call(mod.details.GET, 'GET', '/x', { params: { id: documentId } })).body).toMatchObject({
    downloads: { original: false, sealed: false, certificate: false },
  });
}

describe('retention of documents that ended unsigned', () => {
  it('purges a declined document RETENTION_DAYS after the decline', async () => {
    const { document, token } = await filledIn();
    const before = Date.now();
    expect((await decline(token, { reason: 'Wrong amount' })).status).toBe(200);
    const recipient = await world.client.recipient.findFirstOrThrow({
      where: { documentId: document.id, status: 'DECLINED' },
    });
    expect(recipient.declinedAt!.getTime()).toBeGreaterThanOrEqual(before);
    await expectPurgedAfterRetention(document.id, recipient.declinedAt!, 'declined');
    // The decline's reason and who declined stay with the recipient.
    expect(await world.client.recipient.findUniqueOrThrow({ where: { id: recipient.id } })).toMatchObject({
      status: 'DECLINED',
      declineReason: 'Wrong amount',
    });
  });

  it('purges a cancelled document RETENTION_DAYS after the cancel', async () => {
    const { document } = await filledIn();
    const cancelled = await call(mod.routes.cancel.POST, 'POST', '/x', {
      params: { id: document.id },
      body: { reason: 'Wrong version' },
    });
    expect(cancelled.status).toBe(200);
    const row = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    await expectPurgedAfterRetention(document.id, row.cancelledAt!, 'cancelled');
  });

  it('purges an expired document RETENTION_DAYS after it expired', async () => {
    const { document } = await filledIn({ expiresAt: new Date(Date.now() + DAY_MS).toISOString() });
    const expiredAt = new Date(Date.now() + DAY_MS + 60_000);
    expect(await mod.expire.expireDocument(document.id, expiredAt)).toBe(true);
    await expectPurgedAfterRetention(document.id, expiredAt, 'expired');
  });

  it('sweeps documents that ended before their end scheduled retention, from when they ended, once', async () => {
    const { document, token } = await filledIn();
    expect((await decline(token, { reason: 'No' })).status).toBe(200);
    // As a document declined before this change: no purgeAt, no purge job.
    await world.client.document.update({ where: { id: document.id }, data: { purgeAt: null } });
    await world.client.job.deleteMany({ where: { queue: 'document.purge', payload: { contains: document.id } } });
    const declinedAt = (
      await world.client.auditEvent.findFirstOrThrow({ where: { documentId: document.id, type: 'recipient.declined' } })
    ).at;

    expect(await mod.sweep.sweepUnscheduledRetention(world.client, 0)).toBe(1);
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).purgeAt).toEqual(declinedAt);
    expect(await mod.sweep.sweepUnscheduledRetention(world.client, 0)).toBe(0);
    expect(
      await world.client.job.count({ where: { queue: 'document.purge', payload: { contains: document.id } } }),
    ).toBe(1);

    // Long past its retention: the job runner purges it now.
    await runJobs();
    const row = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(row.workingPurgedAt).not.toBeNull();
    expect(await blobsIn(folderOf(row.originalBlob))).toEqual([]);
    expect(await world.client.signature.count({ where: { field: { documentId: document.id } } })).toBe(0);
    expect((await auditTrail(document.id)).chainValid).toBe(true);
  });

  it('leaves drafts and pending documents alone', async () => {
    const { document } = await filledIn();
    expect(await mod.sweep.sweepUnscheduledRetention(world.client, 0)).toBe(0);
    const row = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(row).toMatchObject({ status: 'PENDING', purgeAt: null });
    expect(await mod.purge.purgeSealedBlobs(document.id)).toBe('nothing');
    expect(await world.client.signature.count({ where: { field: { documentId: document.id } } })).toBe(1);
  });
});
