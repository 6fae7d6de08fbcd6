import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';

// The session path is next-auth's (tested in tests/unit/auth); here no one is signed in by cookie.
vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft } = apiWorld();

let documentRoute: typeof import('@/app/api/v1/documents/[id]/route');
let listRoute: typeof import('@/app/api/v1/documents/route');
let recipientsRoute: typeof import('@/app/api/v1/documents/[id]/recipients/route');
let fieldsRoute: typeof import('@/app/api/v1/documents/[id]/fields/route');
let auditRoute: typeof import('@/app/api/v1/documents/[id]/audit/route');

beforeAll(async () => {
  documentRoute = await import('@/app/api/v1/documents/[id]/route');
  listRoute = await import('@/app/api/v1/documents/route');
  recipientsRoute = await import('@/app/api/v1/documents/[id]/recipients/route');
  fieldsRoute = await import('@/app/api/v1/documents/[id]/fields/route');
  auditRoute = await import('@/app/api/v1/documents/[id]/audit/route');
});

const putRecipients = (id: string, recipients: unknown[], key?: string) =>
  call(recipientsRoute.PUT, 'PUT', `/api/v1/documents/${id}/recipients`, { params: { id }, body: { recipients }, key });
const putFields = (id: string, fields: unknown[]) =>
  call(fieldsRoute.PUT, 'PUT', `/api/v1/documents/${id}/fields`, { params: { id }, body: { fields } });
const details = (id: string, key?: string | null) =>
  call(documentRoute.GET, 'GET', `/api/v1/documents/${id}`, { params: { id }, key });

describe('authentication', () => {
  it('answers 401 problem+json without a key, with a wrong key and with a non-Bearer scheme', async () => {
    const document = await draft();
    for (const key of [null, 'sgn_wrong']) {
      const answer = await details(document.id, key);
      expect(answer.status).toBe(401);
      expect(answer.headers.get('content-type')).toBe('application/problem+json');
      expect(answer.body?.code).toBe('UNAUTHORIZED');
    }
    const request = new Request(`http://signet.test/api/v1/documents/${document.id}`, {
      headers: { authorization: `Basic ${btoa('a:b')}` },
    });
    expect((await documentRoute.GET(request, { params: Promise.resolve({ id: document.id }) })).status).toBe(401);
  });

  it('stops accepting a revoked key', async () => {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const { revokeApiKey } = await import('@/lib/server/api-keys/revoke-api-key');
    const key = await createApiKey(world.owner.id, 'short-lived');
    const document = await draft();
    expect((await details(document.id, key.secret)).status).toBe(200);
    await revokeApiKey(world.owner.id, key.id);
    expect((await details(document.id, key.secret)).status).toBe(401);
  });
});

describe('GET /api/v1/documents/{id}', () => {
  it('answers the draft with its pages measured as displayed (a rotated page turned), no recipients or fields yet', async () => {
    const document = await draft([
      [612, 792],
      [842, 595, 90],
    ]);
    const answer = await details(document.id);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      id: document.id,
      status: 'draft',
      pageCount: 2,
      signingOrder: 'sequential',
      pages: [
        { width: 612, height: 792 },
        { width: 595, height: 842 },
      ],
      recipients: [],
      fields: [],
      url: `http://signet.test/document/${document.token}`,
    });
  });

  it("answers 404 for an unknown id and for another user's document, the same way", async () => {
    const document = await draft();
    const foreign = await details(document.id, world.otherKey);
    const unknown = await details('nope');
    expect([foreign.status, unknown.status]).toEqual([404, 404]);
    expect(foreign.body?.detail).toBe(unknown.body?.detail);
  });
});

describe('PUT recipients and fields', () => {
  it('saves recipients with defaults, keeps a recipient (and its fields) by email, drops a removed one with its fields', async () => {
    const document = await draft([
      [612, 792],
      [612, 792],
    ]);
    const first = await putRecipients(document.id, [
      { email: 'ana@example.com', name: 'Ana' },
      { email: 'bo@example.com', name: 'Bo', role: 'approver', auth: 'email_otp' },
    ]);
    expect(first.status).toBe(200);
    const [ana, bo] = first.body?.recipients as {
      id: string;
      order: number;
      role: string;
      auth: string;
      status: string;
    }[];
    expect(ana).toMatchObject({ order: 1, role: 'signer', auth: 'none', status: 'waiting' });
    expect(bo).toMatchObject({ order: 2, role: 'approver', auth: 'email_otp' });

    const fields = await putFields(document.id, [
      { recipientId: ana?.id, type: 'signature', page: 2, x: 100, y: 700 },
      { recipientId: bo?.id, type: 'dropdown', page: 1, x: 10, y: 10, options: ['Yes', 'No'], required: false },
    ]);
    expect(fields.status).toBe(200);
    expect(fields.body?.fields).toMatchObject([
      { type: 'signature', page: 2, x: 100, y: 700, width: 180, height: 50, required: true },
      { type: 'dropdown', options: ['Yes', 'No'], width: 150, height: 24, required: false },
    ]);

    const renamed = await putRecipients(document.id, [{ email: 'ANA@example.com', name: 'Ana Maria' }]);
    expect(renamed.body?.recipients).toMatchObject([{ id: ana?.id, name: 'Ana Maria' }]);
    const after = await details(document.id);
    expect(after.body?.fields).toMatchObject([{ recipientId: ana?.id, type: 'signature' }]);
  });

  it('refuses, naming each bad path and changing nothing: a foreign recipient, a page that does not exist, a field past the edge', async () => {
    const document = await draft([[612, 792]]);
    const saved = await putRecipients(document.id, [{ email: 'ana@example.com', name: 'Ana' }]);
    const ana = (saved.body?.recipients as { id: string }[])[0]?.id;
    await putFields(document.id, [{ recipientId: ana, type: 'signature', page: 1, x: 0, y: 0 }]);
    const before = await details(document.id);

    const refused = await putFields(document.id, [
      { recipientId: 'someone-else', type: 'text', page: 1, x: 0, y: 0 },
      { recipientId: ana, type: 'text', page: 3, x: 0, y: 0 },
      { recipientId: ana, type: 'signature', page: 1, x: 500, y: 780 },
    ]);
    expect(refused.status).toBe(400);
    expect(refused.body?.errors?.map((error) => error.path)).toEqual([
      'fields.0.recipientId',
      'fields.1.page',
      'fields.2.x',
      'fields.2.y',
    ]);
    expect((await details(document.id)).body).toEqual(before.body);
  });

  it('answers 400 for a malformed body and 415 for a body that is not JSON', async () => {
    const document = await draft();
    const bad = await call(recipientsRoute.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: { recipients: [{ email: 'x' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.body?.errors?.map((error) => error.path)).toEqual(
      expect.arrayContaining(['recipients.0.email', 'recipients.0.name']),
    );
    const request = new Request('http://signet.test/x', {
      method: 'PUT',
      headers: { authorization: `Bearer ${world.key}`, 'content-type': 'text/plain' },
      body: 'hi',
    });
    expect((await recipientsRoute.PUT(request, { params: Promise.resolve({ id: document.id }) })).status).toBe(415);
  });

  it("refuses changes to a document that is no longer a draft (409) and to another user's (404)", async () => {
    const document = await draft();
    expect((await putRecipients(document.id, [], world.otherKey)).status).toBe(404);
    await world.client.document.update({ where: { id: document.id }, data: { status: 'PENDING' } });
    const answer = await putRecipients(document.id, [{ email: 'ana@example.com', name: 'Ana' }]);
    expect(answer.status).toBe(409);
    expect(await world.client.recipient.count({ where: { documentId: document.id } })).toBe(0);
  });
});

describe('PATCH, list, audit and DELETE', () => {
  it('saves settings of a draft and lists documents by keyset pages, filtered by status and name', async () => {
    const document = await draft();
    const patched = await call(documentRoute.PATCH, 'PATCH', '/x', {
      params: { id: document.id },
      body: {
        name: 'Lease 2027',
        signingOrder: 'parallel',
        reminderDays: 3,
        locale: 'cs',
        message: 'Please sign\nby Friday',
      },
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({
      name: 'Lease 2027',
      signingOrder: 'parallel',
      reminderDays: 3,
      locale: 'cs',
      message: 'Please sign\nby Friday',
    });

    const found = await call(listRoute.GET, 'GET', '/api/v1/documents?q=lease&status=draft');
    expect((found.body?.items as { id: string }[]).map((item) => item.id)).toEqual([document.id]);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await call(listRoute.GET, 'GET', `/api/v1/documents?limit=2${cursor ? `&cursor=${cursor}` : ''}`);
      seen.push(...(page.body?.items as { id: string }[]).map((item) => item.id));
      cursor = page.body?.nextCursor as string | null;
    } while (cursor);
    const all = await world.client.document.count({ where: { ownerId: world.owner.id } });
    expect(new Set(seen).size).toBe(all);
    expect(seen).toHaveLength(all);
    expect((await call(listRoute.GET, 'GET', '/api/v1/documents?cursor=garbage')).status).toBe(400);
    expect((await call(listRoute.GET, 'GET', '/api/v1/documents?limit=101')).status).toBe(400);
  });

  it('answers the audit trail with a valid chain, and says when an event was edited', async () => {
    const document = await draft();
    const { appendAuditEvent } = await import('@/lib/server/audit/append-audit-event');
    await appendAuditEvent(world.client, { documentId: document.id, type: 'document.uploaded', actor: world.owner.id });
    await appendAuditEvent(world.client, { documentId: document.id, type: 'document.sent', actor: world.owner.id });
    const trail = await call(auditRoute.GET, 'GET', '/x', { params: { id: document.id } });
    expect(trail.body).toMatchObject({
      chainValid: true,
      events: [{ type: 'document.uploaded', prevHash: null }, { type: 'document.sent' }],
    });
    await world.client.auditEvent.updateMany({
      where: { documentId: document.id, type: 'document.uploaded' },
      data: { actor: 'someone-else' },
    });
    expect((await call(auditRoute.GET, 'GET', '/x', { params: { id: document.id } })).body?.chainValid).toBe(false);
  });

  it('keeps one unforked chain when many events are appended at once, and notices the newest one removed', async () => {
    const document = await draft();
    const { appendAuditEvent } = await import('@/lib/server/audit/append-audit-event');
    await Promise.all(
      Array.from({ length: 20 }, (_, index) =>
        appendAuditEvent(world.client, { documentId: document.id, type: `test.${index}`, actor: 'system' }),
      ),
    );
    const trail = await call(auditRoute.GET, 'GET', '/x', { params: { id: document.id } });
    const events = trail.body?.events as { prevHash: string | null; hash: string }[];
    expect(trail.body?.chainValid).toBe(true);
    expect(events).toHaveLength(20);
    events.forEach((event, index) => expect(event.prevHash).toBe(index === 0 ? null : events[index - 1]?.hash));

    await world.client.auditEvent.delete({ where: { hash: events.at(-1)?.hash } });
    expect((await call(auditRoute.GET, 'GET', '/x', { params: { id: document.id } })).body?.chainValid).toBe(false);
  });

  it("deletes a draft with its blob, refuses one out for signature, and 404s another user's", async () => {
    const document = await draft();
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    expect(
      (await call(documentRoute.DELETE, 'DELETE', '/x', { params: { id: document.id }, key: world.otherKey })).status,
    ).toBe(404);
    expect((await call(documentRoute.DELETE, 'DELETE', '/x', { params: { id: document.id } })).status).toBe(204);
    expect(await world.client.document.findUnique({ where: { id: document.id } })).toBeNull();
    expect(await getBlobStore().exists(document.originalBlob)).toBe(false);

    const pending = await draft();
    await world.client.document.update({ where: { id: pending.id }, data: { status: 'PENDING' } });
    expect((await call(documentRoute.DELETE, 'DELETE', '/x', { params: { id: pending.id } })).status).toBe(409);
    expect(await getBlobStore().exists(pending.originalBlob)).toBe(true);
  });
});
