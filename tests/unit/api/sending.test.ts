import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';
import { runDueJobs, smtpSinkForApi, tokenIn, type TOutboxMail } from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// Mail goes over SMTP to a real server the test runs (registered first: it sets SMTP_URL).
const sink = smtpSinkForApi();
const { world, call, draft } = apiWorld();

let documentRoute: typeof import('@/app/api/v1/documents/[id]/route');
let recipientsRoute: typeof import('@/app/api/v1/documents/[id]/recipients/route');
let fieldsRoute: typeof import('@/app/api/v1/documents/[id]/fields/route');
let sendRoute: typeof import('@/app/api/v1/documents/[id]/send/route');
let auditRoute: typeof import('@/app/api/v1/documents/[id]/audit/route');
let resolve: typeof import('@/lib/server/signing/link/resolve-signing-token');
let advance: typeof import('@/lib/server/signing/actions/advance-signing');

beforeAll(async () => {
  documentRoute = await import('@/app/api/v1/documents/[id]/route');
  recipientsRoute = await import('@/app/api/v1/documents/[id]/recipients/route');
  fieldsRoute = await import('@/app/api/v1/documents/[id]/fields/route');
  sendRoute = await import('@/app/api/v1/documents/[id]/send/route');
  auditRoute = await import('@/app/api/v1/documents/[id]/audit/route');
  resolve = await import('@/lib/server/signing/link/resolve-signing-token');
  advance = await import('@/lib/server/signing/actions/advance-signing');
});

let seenMails = 0;
beforeEach(() => {
  seenMails = sink.mails().length;
});
/** Mails written since the test began. */
const newMails = (): TOutboxMail[] => sink.mails().slice(seenMails);

type TPerson = { email: string; name: string; role?: string; order?: number };
const details = (id: string, key?: string) => call(documentRoute.GET, 'GET', '/x', { params: { id }, key });
const send = (id: string, body: unknown = {}, key?: string) =>
  call(sendRoute.POST, 'POST', '/x', { params: { id }, body, key });

/** A draft with these recipients, each signer and approver given a signature field. */
async function prepared(people: TPerson[], pages: [number, number][] = [[612, 792]]) {
  const document = await draft(pages);
  const saved = await call(recipientsRoute.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { recipients: people },
  });
  expect(saved.status).toBe(200);
  const recipients = saved.body?.recipients as { id: string; email: string; role: string }[];
  const fields = recipients
    .filter((recipient) => recipient.role === 'signer' || recipient.role === 'approver')
    .map((recipient, index) => ({ recipientId: recipient.id, type: 'signature', page: 1, x: 50, y: 50 + index * 60 }));
  expect((await call(fieldsRoute.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields } })).status).toBe(
    200,
  );
  return { document, recipients };
}

const ana = { email: 'ana@example.com', name: 'Ana' };
const bo = { email: 'bo@example.com', name: 'Bo' };

describe('POST /api/v1/documents/{id}/send', () => {
  it('refuses a draft that is not ready with each bad path named, and changes nothing', async () => {
    const document = await draft([[612, 792]]);
    const saved = await call(recipientsRoute.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: {
        recipients: [
          { ...ana, role: 'approver' },
          { email: 'cc@example.com', name: 'Cy', role: 'cc' },
        ],
      },
    });
    const [approver, cc] = saved.body?.recipients as { id: string }[];
    await call(fieldsRoute.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: { fields: [{ recipientId: cc?.id, type: 'text', page: 1, x: 0, y: 0 }] },
    });
    // A field that the page no longer holds (stored directly: PUT refuses it), and a duplicate email written around PUT's check.
    await world.client.field.create({
      data: {
        documentId: document.id,
        recipientId: approver?.id,
        type: 'SIGNATURE',
        page: 1,
        x: 500,
        y: 10,
        width: 180,
        height: 50,
      },
    });
    const before = await details(document.id);
    const jobsBefore = await world.client.job.count();

    const refused = await send(document.id, { expiresAt: new Date(Date.now() - 1000).toISOString() });
    expect(refused.status).toBe(400);
    expect(refused.body?.errors?.map((error) => error.path)).toEqual(['expiresAt']);

    const answer = await send(document.id, { signingOrder: 'parallel' });
    expect(answer.status).toBe(400);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body?.errors?.map((error) => error.path)).toEqual([
      'recipients',
      'fields.0.recipientId',
      'fields.1.x',
    ]);
    expect((await details(document.id)).body).toEqual(before.body);
    expect(await world.client.job.count()).toBe(jobsBefore);
    expect(await world.client.auditEvent.count({ where: { documentId: document.id } })).toBe(0);
  });

  it('names a signer without a signature field and repeated emails', async () => {
    const { document, recipients } = await prepared([ana, bo]);
    await world.client.field.deleteMany({ where: { recipientId: recipients[1]?.id } });
    await world.client.recipient.update({ where: { id: recipients[1]?.id }, data: { email: 'ANA@example.com' } });
    const answer = await send(document.id);
    expect(answer.body?.errors).toEqual([
      { path: 'recipients.1.email', message: 'Same email as recipient 1.' },
      { path: 'recipients.1.fields', message: 'Bo has no signature field.' },
    ]);
  });

  it('sequential: sends, locks the draft, and invites only the first signer with a working link', async () => {
    const { document, recipients } = await prepared([ana, bo, { email: 'cy@example.com', name: 'Cy', role: 'cc' }]);
    const answer = await send(document.id, {
      signingOrder: 'sequential',
      message: 'Please sign by Friday',
      locale: 'pt',
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: document.id,
      status: 'pending',
      signingOrder: 'sequential',
      message: 'Please sign by Friday',
      locale: 'pt',
    });
    expect(
      await world.client.job.count({
        where: { queue: 'mail.invitation', payload: { contains: recipients[0]?.id ?? '?' } },
      }),
    ).toBe(1);

    await runDueJobs(world.client);
    const mails = newMails();
    expect(mails.map((mail) => mail.to)).toEqual(['ana@example.com']);
    expect(mails[0]?.replyTo).toContain('owner@example.com');
    expect(mails[0]?.text).toContain('Please sign by Friday');
    // In the language the send asked for.
    expect(mails[0]?.text).toContain('Olá Ana');
    const resolved = await resolve.resolveSigningToken(tokenIn(mails[0] as TOutboxMail));
    expect(resolved.recipient.id).toBe(recipients[0]?.id);
    expect(resolved.document.id).toBe(document.id);
    // Only the hash is stored; an unknown token (or something far too long to be one) is a plain 404.
    expect(await world.client.signingLink.count({ where: { tokenHash: tokenIn(mails[0] as TOutboxMail) } })).toBe(0);
    for (const unknown of ['A'.repeat(43), 'A'.repeat(5000)])
      await expect(resolve.resolveSigningToken(unknown)).rejects.toMatchObject({ code: 'NOT_FOUND' });

    const after = await details(document.id);
    expect(
      (after.body?.recipients as { status: string; sentAt: string | null }[]).map((recipient) => recipient.status),
    ).toEqual(['sent', 'waiting', 'waiting']);
    expect(after.body?.sentAt).toEqual(expect.any(String));
    const trail = await call(auditRoute.GET, 'GET', '/x', { params: { id: document.id } });
    expect(trail.body?.chainValid).toBe(true);
    const events = trail.body?.events as { type: string; data: Record<string, unknown> }[];
    expect(events.map((event) => event.type)).toEqual(['document.sent', 'recipient.invited']);
    expect(events[0]?.data).toMatchObject({ fieldCount: 2, settings: { signingOrder: 'sequential', locale: 'pt' } });
    // The fields as sent are evidence too: type, owner, page and box of each.
    expect(events[0]?.data.fields).toEqual(
      recipients
        .filter((recipient) => recipient.role === 'signer' || recipient.role === 'approver')
        .map((recipient) =>
          expect.objectContaining({
            type: 'signature',
            recipientId: recipient.id,
            page: 1,
            required: true,
            box: expect.any(Array),
          }),
        ),
    );
    expect(JSON.stringify(events)).not.toContain(tokenIn(mails[0] as TOutboxMail));

    // Locked now: edits and a second send answer 409.
    expect(
      (await call(recipientsRoute.PUT, 'PUT', '/x', { params: { id: document.id }, body: { recipients: [ana] } }))
        .status,
    ).toBe(409);
    expect((await send(document.id)).status).toBe(409);

    // Ana signs: Bo's turn. A second call changes nothing; cc is never invited.
    await world.client.recipient.update({
      where: { id: recipients[0]?.id },
      data: { status: 'SIGNED', signedAt: new Date() },
    });
    expect(await advance.advanceSigning(document.id)).toEqual([recipients[1]?.id]);
    expect(await advance.advanceSigning(document.id)).toEqual([]);
    await runDueJobs(world.client);
    expect(newMails().map((mail) => mail.to)).toEqual(['ana@example.com', 'bo@example.com']);
    await expect(resolve.resolveSigningToken(tokenIn(mails[0] as TOutboxMail))).rejects.toMatchObject({
      code: 'GONE',
      extensions: { reason: 'signed', documentName: 'Contract.pdf' },
    });
  });

  it('parallel: invites every signer, approver and viewer at once, never cc; equal orders go together in sequence', async () => {
    const people = [
      ana,
      { ...bo, role: 'approver' },
      { email: 'vi@example.com', name: 'Vi', role: 'viewer' },
      { email: 'cy@example.com', name: 'Cy', role: 'cc' },
    ];
    const { document } = await prepared(people);
    expect((await send(document.id, { signingOrder: 'parallel' })).status).toBe(200);
    await runDueJobs(world.client);
    expect(
      newMails()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['ana@example.com', 'bo@example.com', 'vi@example.com']);

    seenMails = sink.mails().length;
    const grouped = await prepared([
      { ...ana, order: 1 },
      { ...bo, order: 1 },
      { email: 'di@example.com', name: 'Di', order: 2 },
    ]);
    expect((await send(grouped.document.id)).status).toBe(200);
    await runDueJobs(world.client);
    expect(
      newMails()
        .map((mail) => mail.to)
        .sort(),
    ).toEqual(['ana@example.com', 'bo@example.com']);
  });

  it('lets exactly one of two simultaneous sends win', async () => {
    const { document } = await prepared([ana]);
    const answers = await Promise.all([send(document.id), send(document.id)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409]);
    expect(
      await world.client.job.count({ where: { queue: 'mail.invitation', payload: { contains: document.id } } }),
    ).toBe(0);
    expect(await world.client.auditEvent.count({ where: { documentId: document.id, type: 'document.sent' } })).toBe(1);
  });

  it("answers 404 for another user's document and leaves it a draft", async () => {
    const { document } = await prepared([ana]);
    expect((await send(document.id, {}, world.otherKey)).status).toBe(404);
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('DRAFT');
  });
});
