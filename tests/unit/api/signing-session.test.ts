import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZSigningSession } from '@/lib/api/v1/signing-session';
import { apiWorld } from './helpers';
import { pendingDocument, SIGNER_AGENT, signerCall } from './signing-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// A low per-link limit, so the 429 is reached in a few calls (set before the app's environment loads).
beforeAll(() => vi.stubEnv('RATE_LIMITS', 'signer=25/60'));
const api = apiWorld();
const { world } = api;

let routes: {
  session: typeof import('@/app/api/v1/signing/[token]/route');
  pdf: typeof import('@/app/api/v1/signing/[token]/pdf/route');
  consent: typeof import('@/app/api/v1/signing/[token]/consent/route');
  cancel: typeof import('@/app/api/v1/documents/[id]/cancel/route');
};
beforeAll(async () => {
  routes = {
    session: await import('@/app/api/v1/signing/[token]/route'),
    pdf: await import('@/app/api/v1/signing/[token]/pdf/route'),
    consent: await import('@/app/api/v1/signing/[token]/consent/route'),
    cancel: await import('@/app/api/v1/documents/[id]/cancel/route'),
  };
});

const get = (token: string) => signerCall(routes.session.GET, 'GET', { token });
const pdf = (token: string) => signerCall(routes.pdf.GET, 'GET', { token });
const consent = (token: string, body: unknown = { accepted: true }) =>
  signerCall(routes.consent.POST, 'POST', { token }, body);
const events = async (documentId: string, type: string) =>
  world.client.auditEvent.findMany({ where: { documentId, type } });

describe('GET /api/v1/signing/{token}', () => {
  it("answers the signer's own fields in reading order with values, and everyone else's as bare placeholders", async () => {
    const { ana, bo } = await pendingDocument(api);
    const answer = await get(ana.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const session = ZSigningSession.parse(answer.body);
    expect(session.document).toEqual({ name: 'Contract.pdf', pageCount: 2, status: 'pending' });
    expect(session.recipient).toEqual({
      name: 'Ana Silva',
      email: 'ana@example.com',
      role: 'signer',
      status: 'opened',
    });
    expect(session.sender).toEqual({ name: 'owner@example.com', email: 'owner@example.com' });
    expect(session.fields.map((field) => [field.type, field.page, field.recipientId, field.value])).toEqual([
      ['signature', 1, ana.id, null],
      ['text', 2, ana.id, null],
    ]);
    expect(session.fields[1]?.label).toBe('Company');
    expect(answer.body?.otherFields).toEqual([
      { page: 1, x: 300, y: 100, width: 180, height: 50, type: 'signature' },
      { page: 2, x: 40, y: 40, width: 16, height: 16, type: 'checkbox' },
    ]);
    expect(session.consent).toEqual({ required: true, given: false });
    expect(session.auth).toEqual({ method: 'none', satisfied: true, verifiedName: null, nameMatches: null });
    expect(session.fonts).toEqual(['dancing-script', 'great-vibes', 'caveat', 'sacramento']);
    // Bo's link shows Bo's fields as his own and Ana's as placeholders: never the other way round.
    const theirs = ZSigningSession.parse((await get(bo.token)).body);
    expect(theirs.fields.every((field) => field.recipientId === bo.id)).toBe(true);
    expect(theirs.fields.map((field) => field.type)).toEqual(['signature', 'checkbox']);
    expect(JSON.stringify(theirs)).not.toContain(ana.id);
    expect(JSON.stringify(theirs.otherFields)).not.toMatch(/"id"|value|recipientId/);
  });

  it("shows a filled value as the signer's own, and nobody else's value", async () => {
    const { document, ana, bo } = await pendingDocument(api);
    await world.client.field.updateMany({
      where: { documentId: document.id, recipientId: ana.id, type: 'TEXT' },
      data: { value: 'Acme Lda' },
    });
    expect(((await get(ana.token)).body?.fields as { value: string | null }[])[1]?.value).toBe('Acme Lda');
    expect(JSON.stringify((await get(bo.token)).body)).not.toContain('Acme Lda');
  });

  it('marks the recipient opened on the first call only, with one audit event carrying the address and user agent', async () => {
    const { document, ana } = await pendingDocument(api);
    await Promise.all([get(ana.token), get(ana.token)]);
    await get(ana.token);
    const stored = await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } });
    expect(stored.status).toBe('OPENED');
    expect(stored.openedAt).toBeInstanceOf(Date);
    const opened = await events(document.id, 'recipient.opened');
    expect(opened).toHaveLength(1);
    expect(opened[0]).toMatchObject({ actor: `recipient:${ana.id}`, userAgent: SIGNER_AGENT });
    expect(JSON.parse(opened[0]?.data ?? '{}')).toEqual({ recipientId: ana.id, email: 'ana@example.com' });
  });

  it('answers 404 for a token that never existed, on every signer endpoint', async () => {
    for (const answer of [await get('x'.repeat(43)), await pdf('nope'), await consent('y'.repeat(43))]) {
      expect(answer.status).toBe(404);
      expect(answer.headers.get('content-type')).toContain('application/problem+json');
      expect(answer.body).not.toHaveProperty('documentName');
    }
  });
});

describe('opening as a viewer, and authentication state', () => {
  it('a viewer has done their part by opening: the next in a sequential order is invited then', async () => {
    const [recipients, fields, send, link] = await Promise.all([
      import('@/app/api/v1/documents/[id]/recipients/route'),
      import('@/app/api/v1/documents/[id]/fields/route'),
      import('@/app/api/v1/documents/[id]/send/route'),
      import('@/app/api/v1/documents/[id]/recipients/[recipientId]/link/route'),
    ]);
    const document = await api.draft();
    const saved = await api.call(recipients.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: {
        recipients: [
          { email: 'vi@example.com', name: 'Vi', role: 'viewer' },
          { email: 'sam@example.com', name: 'Sam', auth: 'email_otp' },
        ],
      },
    });
    const [vi, sam] = saved.body?.recipients as { id: string }[] as [{ id: string }, { id: string }];
    await api.call(fields.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: { fields: [{ recipientId: sam.id, type: 'signature', page: 1, x: 10, y: 10 }] },
    });
    expect(
      (await api.call(send.POST, 'POST', '/x', { params: { id: document.id }, body: { signingOrder: 'sequential' } }))
        .status,
    ).toBe(200);
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: sam.id } })).invitedAt).toBeNull();
    const viToken = (
      (await api.call(link.POST, 'POST', '/x', { params: { id: document.id, recipientId: vi.id } })).body?.url as string
    )
      .split('/')
      .pop() as string;

    const session = ZSigningSession.parse((await get(viToken)).body);
    expect(session.recipient.role).toBe('viewer');
    expect(session.consent).toEqual({ required: false, given: false });
    expect(session.fields).toEqual([]);
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: sam.id } })).invitedAt).toBeInstanceOf(Date);
    expect(await world.client.job.count({ where: { queue: 'mail.invitation', payload: { contains: sam.id } } })).toBe(
      1,
    );

    const samToken = (
      (await api.call(link.POST, 'POST', '/x', { params: { id: document.id, recipientId: sam.id } })).body
        ?.url as string
    )
      .split('/')
      .pop() as string;
    expect(ZSigningSession.parse((await get(samToken)).body).auth).toEqual({
      method: 'email_otp',
      satisfied: false,
      verifiedName: null,
      nameMatches: null,
    });
    await world.client.recipient.update({ where: { id: sam.id }, data: { authAt: new Date() } });
    expect(ZSigningSession.parse((await get(samToken)).body).auth).toEqual({
      method: 'email_otp',
      satisfied: true,
      verifiedName: null,
      nameMatches: null,
    });
  });
});

describe('GET /api/v1/signing/{token}/pdf', () => {
  it('answers the working PDF inline, not cached', async () => {
    const { document, ana } = await pendingDocument(api);
    const answer = await pdf(ana.token);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^inline; filename\*=UTF-8''Contract\.pdf$/);
    expect(answer.headers.get('cache-control')).toBe('private, no-store');
    const { createHash } = await import('node:crypto');
    expect(createHash('sha256').update(answer.bytes).digest('hex')).toBe(document.originalSha256);
  });
});

describe('POST /api/v1/signing/{token}/consent', () => {
  it('records consent once with time, address and user agent; a second call answers 204 and changes nothing', async () => {
    const { document, ana } = await pendingDocument(api);
    expect((await consent(ana.token)).status).toBe(204);
    const first = await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } });
    expect(first.consentAt).toBeInstanceOf(Date);
    expect(first.consentUserAgent).toBe(SIGNER_AGENT);
    expect((await consent(ana.token)).status).toBe(204);
    const second = await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } });
    expect(second.consentAt).toEqual(first.consentAt);
    const consented = await events(document.id, 'recipient.consented');
    expect(consented).toHaveLength(1);
    expect(consented[0]).toMatchObject({ actor: `recipient:${ana.id}`, userAgent: SIGNER_AGENT });
    expect(ZSigningSession.parse((await get(ana.token)).body).consent).toEqual({ required: true, given: true });
  });

  it('refuses anything but { accepted: true } with 400 and records nothing', async () => {
    const { document, ana } = await pendingDocument(api);
    for (const body of [{ accepted: false }, {}, { accepted: 'yes' }]) {
      const answer = await consent(ana.token, body);
      expect(answer.status).toBe(400);
      expect(answer.body?.code).toBe('INVALID_INPUT');
    }
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } })).consentAt).toBeNull();
    expect(await events(document.id, 'recipient.consented')).toHaveLength(0);
  });
});

describe('a link that no longer works', () => {
  type TPending = Awaited<ReturnType<typeof pendingDocument>>;
  const end: Record<string, (pending: TPending) => Promise<unknown>> = {
    signed: ({ ana }) =>
      world.client.recipient.update({ where: { id: ana.id }, data: { status: 'SIGNED', signedAt: new Date() } }),
    declined: ({ ana }) =>
      world.client.recipient.update({ where: { id: ana.id }, data: { status: 'DECLINED', declinedAt: new Date() } }),
    completed: ({ document }) =>
      world.client.document.update({ where: { id: document.id }, data: { status: 'COMPLETED' } }),
    cancelled: ({ document }) =>
      api.call(routes.cancel.POST, 'POST', '/x', { params: { id: document.id }, body: { reason: 'Wrong version' } }),
    expired: ({ document }) =>
      world.client.document.update({ where: { id: document.id }, data: { expiresAt: new Date(Date.now() - 1000) } }),
    replaced: ({ ana, link }) => link(ana.id),
  };

  for (const [reason, ending] of Object.entries(end)) {
    it(`answers 410 ${reason} with the document's name on every endpoint and changes nothing`, async () => {
      const pending = await pendingDocument(api);
      await ending(pending);
      const before = await world.client.recipient.findUniqueOrThrow({ where: { id: pending.ana.id } });
      const trail = (await world.client.document.findUniqueOrThrow({ where: { id: pending.document.id } })).auditCount;
      for (const answer of [
        await get(pending.ana.token),
        await pdf(pending.ana.token),
        await consent(pending.ana.token),
      ]) {
        expect(answer.status).toBe(410);
        expect(answer.body).toMatchObject({ code: 'GONE', reason, documentName: 'Contract.pdf' });
        expect(JSON.stringify(answer.body)).not.toMatch(/Ana Silva|ana@example\.com/);
      }
      const after = await world.client.recipient.findUniqueOrThrow({ where: { id: pending.ana.id } });
      expect(after).toEqual(before);
      expect(after.openedAt).toBeNull();
      expect(after.consentAt).toBeNull();
      expect((await world.client.document.findUniqueOrThrow({ where: { id: pending.document.id } })).auditCount).toBe(
        trail,
      );
    });
  }
});

describe('rate limit and links', () => {
  it('answers 429 with Retry-After past the per-link limit, without touching another link', async () => {
    const { ana, bo } = await pendingDocument(api);
    const statuses: number[] = [];
    for (let index = 0; index < 26; index++) statuses.push((await get(ana.token)).status);
    expect(statuses.slice(0, 25).every((status) => status === 200)).toBe(true);
    const over = await get(ana.token);
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await get(bo.token)).status).toBe(200);
  });

  it('issues links in the language the invitations go out in', async () => {
    const { ana, link } = await pendingDocument(api, { locale: 'pt' });
    const { url } = await link(ana.id);
    expect(url).toMatch(/^http:\/\/signet\.test\/pt\/sign\/[A-Za-z0-9_-]{43}$/);
  });
});
