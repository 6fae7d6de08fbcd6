import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZSigningSession } from '@/lib/api/v1/signing-session';
import { apiWorld } from './helpers';
import { loadOwnerRoutes, outboxMails, type TOwnerRoutes } from './sending-helpers';
import { signerCall } from './signing-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// A viewer whose sender asked for authentication: opening is all a viewer does, so opening must wait for it.
const api = apiWorld();
const { world, call, draft } = api;

let routes: TOwnerRoutes & {
  document: typeof import('@/app/api/v1/documents/[id]/route');
  session: typeof import('@/app/api/v1/signing/[token]/route');
  pdf: typeof import('@/app/api/v1/signing/[token]/pdf/route');
  otp: typeof import('@/app/api/v1/signing/[token]/otp/route');
  verify: typeof import('@/app/api/v1/signing/[token]/otp/verify/route');
};
let dataDir = '';

beforeAll(async () => {
  routes = {
    ...(await loadOwnerRoutes()),
    document: await import('@/app/api/v1/documents/[id]/route'),
    session: await import('@/app/api/v1/signing/[token]/route'),
    pdf: await import('@/app/api/v1/signing/[token]/pdf/route'),
    otp: await import('@/app/api/v1/signing/[token]/otp/route'),
    verify: await import('@/app/api/v1/signing/[token]/otp/verify/route'),
  };
  dataDir = (await import('@/lib/env')).getEnv().dataDir;
});

/** Sequential: a viewer first (with `auth`), then a signer who is invited once the viewer has finished. */
async function viewerThenSigner(email: string, auth: 'email_otp' | 'none') {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: {
      recipients: [
        { email, name: 'Vera Viewer', role: 'viewer', auth },
        { email: `signer-${email}`, name: 'Sam Signer' },
      ],
    },
  });
  const [viewer, signer] = saved.body?.recipients as { id: string }[] as [{ id: string }, { id: string }];
  await call(routes.fields.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { fields: [{ recipientId: signer.id, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
  expect(
    (await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body: { signingOrder: 'sequential' } }))
      .status,
  ).toBe(200);
  const link = await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId: viewer.id } });
  return { document, viewer, signer, token: String(link.body?.url).split('/sign/')[1] ?? '' };
}

const get = (token: string) => signerCall(routes.session.GET, 'GET', { token });
const row = (id: string) => world.client.recipient.findUniqueOrThrow({ where: { id } });
const openedEvents = (documentId: string) =>
  world.client.auditEvent.count({ where: { documentId, type: 'recipient.opened' } });

describe('a viewer who must authenticate (auth email_otp or oidc)', () => {
  it('is not marked opened or finished by an unauthenticated GET, which shows only the authentication step', async () => {
    const { document, viewer, signer, token } = await viewerThenSigner('vera@example.com', 'email_otp');
    const before = (await row(viewer.id)).status;
    for (let call = 0; call < 2; call++) {
      const answer = await get(token);
      expect(answer.status).toBe(200);
      const session = ZSigningSession.parse(answer.body);
      expect(session.recipient.role).toBe('viewer');
      expect(session.recipient.status).not.toBe('opened');
      expect(session.auth).toMatchObject({ method: 'email_otp', satisfied: false });
      expect(session.fields).toEqual([]);
      expect(session.otherFields).toEqual([]);
    }
    expect((await row(viewer.id)).openedAt).toBeNull();
    expect((await row(viewer.id)).status).toBe(before);
    expect(await openedEvents(document.id)).toBe(0);
    // The turn has not moved: the signer after the viewer is not invited.
    expect((await row(signer.id)).invitedAt).toBeNull();
    // The document itself is not served before the authentication either.
    const pdf = await signerCall(routes.pdf.GET, 'GET', { token });
    expect(pdf.status).toBe(401);
    expect(pdf.body).toMatchObject({ code: 'UNAUTHORIZED', reason: 'auth_required', method: 'email_otp' });
    // The owner still waits for the viewer.
    const details = await call(routes.document.GET, 'GET', '/x', { params: { id: document.id } });
    expect((details.body?.awaiting as { id: string }[]).map((person) => person.id)).toEqual([viewer.id]);
  });

  it('is marked opened (finished) by the first GET after the code passed, and the next in order is invited then', async () => {
    const { document, viewer, signer, token } = await viewerThenSigner('vic@example.com', 'email_otp');
    await get(token);
    expect((await call(routes.otp.POST, 'POST', '/x', { params: { token }, body: {}, key: null })).status).toBe(202);
    const mail = (await outboxMails(dataDir))
      .filter((candidate) => candidate.to === 'vic@example.com' && !candidate.text.includes('/sign/'))
      .at(-1);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] ?? '';
    expect(
      (await call(routes.verify.POST, 'POST', '/x', { params: { token }, body: { code }, key: null })).status,
    ).toBe(200);

    const session = ZSigningSession.parse((await get(token)).body);
    expect(session.recipient.status).toBe('opened');
    expect(session.auth.satisfied).toBe(true);
    expect((await signerCall(routes.pdf.GET, 'GET', { token })).status).toBe(200);
    expect((await row(viewer.id)).openedAt).toBeInstanceOf(Date);
    expect(await openedEvents(document.id)).toBe(1);
    expect((await row(signer.id)).invitedAt).toBeInstanceOf(Date);
  });

  it('a viewer without authentication is still finished by opening', async () => {
    const { viewer, signer, token } = await viewerThenSigner('val@example.com', 'none');
    const session = ZSigningSession.parse((await get(token)).body);
    expect(session.recipient.status).toBe('opened');
    expect((await row(viewer.id)).openedAt).toBeInstanceOf(Date);
    expect((await row(signer.id)).invitedAt).toBeInstanceOf(Date);
  });
});
