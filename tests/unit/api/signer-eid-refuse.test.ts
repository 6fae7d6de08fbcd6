import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localEid } from './eid-helpers';
import { apiWorld } from './helpers';
import { loadOwnerRoutes, type TOwnerRoutes } from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// An instance that refuses an eID whose name is not the recipient's (set before the app's environment loads).
beforeAll(() => vi.stubEnv('EID_NAME_MISMATCH', 'refuse'));
const eid = localEid('http://signet.test');
const { world, call, draft } = apiWorld();

let routes: TOwnerRoutes & {
  start: typeof import('@/app/api/v1/signing/[token]/oidc/start/route');
  session: typeof import('@/app/api/v1/signing/[token]/route');
  callback: typeof import('@/app/api/v1/signing/oidc/callback/route');
};

beforeAll(async () => {
  routes = {
    ...(await loadOwnerRoutes()),
    start: await import('@/app/api/v1/signing/[token]/oidc/start/route'),
    session: await import('@/app/api/v1/signing/[token]/route'),
    callback: await import('@/app/api/v1/signing/oidc/callback/route'),
  };
});

async function sentTo(name: string, email: string) {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { recipients: [{ email, name, auth: 'oidc' }] },
  });
  const recipientId = (saved.body?.recipients as { id: string }[])[0]?.id ?? '';
  await call(routes.fields.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { fields: [{ recipientId, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
  expect((await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body: {} })).status).toBe(200);
  const link = await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId } });
  return { document, recipientId, token: String(link.body?.url).split('/sign/')[1] ?? '' };
}

/** The provider's sign-in as `local`, back through the callback: where the browser is sent. */
async function signIn(token: string, local: string) {
  const started = await call(routes.start.POST, 'POST', '/x', { params: { token }, body: {}, key: null });
  const cookie = (started.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const back = await eid.signInAt(String(started.body?.url), `${local}@test.signet.localhost`);
  const response = await routes.callback.GET(new Request(back, { headers: { cookie } }), {
    params: Promise.resolve({}),
  });
  return response.headers.get('location');
}

async function authEvents(documentId: string) {
  const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: documentId } });
  expect(audit.body?.chainValid).toBe(true);
  return (audit.body?.events as { type: string; data: Record<string, unknown> }[]).filter(
    (event) => event.type.startsWith('recipient.identity') || event.type === 'recipient.authenticated',
  );
}

describe('EID_NAME_MISMATCH=refuse', () => {
  it('turns away an eID whose name is not the recipient’s, audited with both names; the signer may then use their own eID', async () => {
    const { document, recipientId, token } = await sentTo('Test una', 'una@example.com');
    expect(await signIn(token, 'someone')).toBe(`http://signet.test/sign/${token}?eidError=name_mismatch`);
    const row = await world.client.recipient.findUniqueOrThrow({ where: { id: recipientId } });
    expect(row).toMatchObject({ authAt: null, authSubject: null, authName: null, authNameMismatchAt: null });
    expect((await call(routes.session.GET, 'GET', '/x', { params: { token }, key: null })).body?.auth).toMatchObject({
      satisfied: false,
    });
    expect((await authEvents(document.id)).map((event) => [event.type, event.data])).toEqual([
      [
        'recipient.authenticated',
        {
          recipientId,
          method: 'oidc',
          result: 'failed',
          reason: 'name_mismatch',
          subject: `${eid.state.issuer}#test-someone`,
          verifiedName: 'Test someone',
          expectedName: 'Test una',
        },
      ],
    ]);

    // The right person (their name in the eID's order) passes.
    expect(await signIn(token, 'una')).toBe(`http://signet.test/sign/${token}`);
    const passed = await world.client.recipient.findUniqueOrThrow({ where: { id: recipientId } });
    expect(passed.authAt).toBeInstanceOf(Date);
    expect(passed.authNameMismatchAt).toBeNull();
    expect((await authEvents(document.id)).at(-1)?.data).toMatchObject({ result: 'passed', nameMatches: true });
  });
});
