import { beforeAll, describe, expect, it, vi } from 'vitest';
import { signerWorld } from './signer-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft, sent, decline, auditTrail } = signerWorld();

const ana = { email: 'ana@example.com', name: 'Ana' };
const bo = { email: 'bo@example.com', name: 'Bo', role: 'approver', order: 2, auth: 'email_otp' };

let correction: typeof import('@/app/api/v1/documents/[id]/correction/route');
let details: typeof import('@/app/api/v1/documents/[id]/route');
beforeAll(async () => {
  correction = await import('@/app/api/v1/documents/[id]/correction/route');
  details = await import('@/app/api/v1/documents/[id]/route');
});

const correct = (id: string, key?: string) =>
  call(correction.POST, 'POST', '/x', { params: { id }, ...(key ? { key } : {}) });
const read = async (id: string) =>
  (await call(details.GET, 'GET', '/x', { params: { id } })).body as Record<string, unknown> & {
    recipients: Record<string, unknown>[];
    fields: Record<string, unknown>[];
  };

/** A document sent to Ana and Bo (sequential, a message, reminders, Portuguese), which Ana declines. */
async function declined() {
  const made = await sent(
    [ana, bo],
    [
      { to: 0, type: 'signature' },
      { to: 0, type: 'text', label: 'Company', required: false },
      { to: 0, type: 'dropdown', options: ['Basic', 'Pro'], label: 'Plan' },
      { to: 1, type: 'signature' },
    ],
    { signingOrder: 'sequential', message: 'Please sign.', reminderDays: 3, locale: 'pt' },
  );
  const answer = await decline(made.tokens[ana.email]!, { reason: 'The price is wrong.' });
  expect(answer.status, JSON.stringify(answer.body)).toBe(200);
  return made;
}

const documentCount = () => world.client.document.count({ where: { ownerId: world.owner.id } });

describe('POST /api/v1/documents/{id}/correction (correct and send again)', () => {
  it('makes a draft with a copy of the file, the same recipients, fields and settings, and shows the decline on it', async () => {
    const { document } = await declined();
    const before = await read(document.id);
    const answer = await correct(document.id);
    expect(answer.status, JSON.stringify(answer.body)).toBe(201);
    expect(answer.body).toMatchObject({
      status: 'draft',
      name: 'Contract.pdf',
      correctedFrom: document.id,
      url: expect.stringMatching(/^http:\/\/signet\.test\/document\/[\w-]+$/),
    });
    const draftId = answer.body?.id as string;

    // The file: copied under its own key (deleting or purging either document leaves the other's), same bytes.
    const [source, copy] = await Promise.all([
      world.client.document.findUniqueOrThrow({ where: { id: document.id } }),
      world.client.document.findUniqueOrThrow({ where: { id: draftId } }),
    ]);
    expect(copy.originalBlob).not.toBe(source.originalBlob);
    expect(copy.originalSha256).toBe(source.originalSha256);
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    expect(
      Buffer.compare(await getBlobStore().get(copy.originalBlob), await getBlobStore().get(source.originalBlob)),
    ).toBe(0);
    expect(copy).toMatchObject({
      status: 'DRAFT',
      mode: 'EDIT',
      signingOrder: 'SEQUENTIAL',
      message: 'Please sign.',
      reminderDays: 3,
      locale: 'pt',
      pageCount: source.pageCount,
      expiresAt: null,
      sentAt: null,
    });

    // Recipients and fields as they were, fresh: nobody invited, no values, each field with its (new) recipient.
    const after = await read(draftId);
    const person = (recipient: Record<string, unknown>) => ({
      email: recipient.email,
      name: recipient.name,
      role: recipient.role,
      order: recipient.order,
      auth: recipient.auth,
    });
    expect(after.recipients.map(person)).toEqual(before.recipients.map(person));
    expect(after.recipients.map((recipient) => recipient.status)).toEqual(['waiting', 'waiting']);
    expect(after.recipients.map((recipient) => recipient.declineReason)).toEqual([null, null]);
    const emailOf = (view: typeof before, id: unknown) =>
      view.recipients.find((recipient) => recipient.id === id)?.email;
    const shape = (view: typeof before) =>
      view.fields.map(({ id: _id, recipientId, value: _value, ...rest }) => ({
        ...rest,
        to: emailOf(view, recipientId),
      }));
    expect(shape(after)).toEqual(shape(before));
    expect(after.fields.map((field) => field.value ?? null)).toEqual(after.fields.map(() => null));
    expect(after.fields).toHaveLength(4);

    // The decline travels with the draft; the declined document points at its correction.
    expect(after.correctedFrom).toEqual({
      id: document.id,
      url: expect.stringContaining('/document/'),
      declinedBy: { name: 'Ana', email: ana.email },
      declineReason: 'The price is wrong.',
    });
    expect(after.correctedBy).toBeNull();
    expect((await read(document.id)).correctedBy).toEqual({ id: draftId, url: answer.body?.url });
    const trail = await auditTrail(draftId);
    expect(trail.chainValid).toBe(true);
    expect(trail.events.map((event) => event.type)).toEqual(['document.uploaded']);
    expect(trail.events[0]?.data).toMatchObject({ correctedFrom: document.id, sha256: source.originalSha256 });

    // A second request (a double click, another tab) makes nothing and names the draft made.
    const count = await documentCount();
    const again = await correct(document.id);
    expect(again.status).toBe(409);
    expect(again.headers.get('content-type')).toContain('application/problem+json');
    expect(again.body).toMatchObject({ code: 'CONFLICT', reason: 'already_corrected', draftId, url: answer.body?.url });
    expect(await documentCount()).toBe(count);
  });

  it('refuses a document that is not declined with a clear 409 problem, and makes nothing', async () => {
    const { document: pending } = await sent([ana], [{ to: 0, type: 'signature' }]);
    const aDraft = await draft();
    const count = await documentCount();
    for (const id of [pending.id, aDraft.id]) {
      const answer = await correct(id);
      expect(answer.status).toBe(409);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(answer.body).toMatchObject({
        code: 'CONFLICT',
        reason: 'not_declined',
        detail: expect.stringMatching(/only a declined document can be corrected/),
      });
    }
    expect(await documentCount()).toBe(count);
  });

  it("refuses another owner's document as not found (ids cannot be probed)", async () => {
    const { document } = await declined();
    const answer = await correct(document.id, world.otherKey);
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'NOT_FOUND' });
    expect(await world.client.document.count({ where: { correctedFromId: document.id } })).toBe(0);
  });

  it("counts as an upload: refused over the Free plan's monthly quota (429), nothing made", async () => {
    const { document } = await declined();
    await world.client.workspace.update({ where: { id: world.owner.id }, data: { plan: 'FREE' } });
    try {
      // Free's 5 documents this month used up, the declined one among them.
      while ((await documentCount()) < 5) await draft();
      const pendingUploads = await world.client.pendingUpload.count();
      const answer = await correct(document.id);
      expect(answer.status).toBe(429);
      expect(answer.body).toMatchObject({ code: 'QUOTA_EXCEEDED', pricing: '/pricing' });
      expect(await world.client.document.count({ where: { correctedFromId: document.id } })).toBe(0);
      expect(await world.client.pendingUpload.count()).toBe(pendingUploads);
    } finally {
      await world.client.workspace.update({ where: { id: world.owner.id }, data: { plan: 'PRO' } });
    }
  });

  it("refuses once retention deleted the declined document's file", async () => {
    const { document } = await declined();
    await world.client.document.update({ where: { id: document.id }, data: { workingPurgedAt: new Date() } });
    const answer = await correct(document.id);
    expect(answer.status).toBe(409);
    expect(answer.body).toMatchObject({ code: 'CONFLICT', reason: 'purged' });
  });
});
