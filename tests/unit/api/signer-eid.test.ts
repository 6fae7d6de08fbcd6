import { beforeAll, describe, expect, it, vi } from 'vitest';
import { localEid } from './eid-helpers';
import { apiWorld } from './helpers';
import { loadOwnerRoutes, type TOwnerRoutes } from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// The real local provider (oidc-provider) is the eID; the app talks to it over HTTP as it would to BankID or itsme.
const eid = localEid('http://signet.test');
const { world, call, draft } = apiWorld();

let routes: TOwnerRoutes & {
  start: typeof import('@/app/api/v1/signing/[token]/oidc/start/route');
  complete: typeof import('@/app/api/v1/signing/[token]/complete/route');
  session: typeof import('@/app/api/v1/signing/[token]/route');
  callback: typeof import('@/app/api/v1/signing/oidc/callback/route');
};

beforeAll(async () => {
  routes = {
    ...(await loadOwnerRoutes()),
    start: await import('@/app/api/v1/signing/[token]/oidc/start/route'),
    complete: await import('@/app/api/v1/signing/[token]/complete/route'),
    session: await import('@/app/api/v1/signing/[token]/route'),
    callback: await import('@/app/api/v1/signing/oidc/callback/route'),
  };
});

/** A document sent to one signer who must sign in with an eID; a working link of theirs. */
async function sentTo(name: string, email: string, auth: 'oidc' | 'none' = 'oidc') {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', { params: { id: document.id }, body: { recipients: [{ email, name, auth }] } });
  const recipientId = (saved.body?.recipients as { id: string }[])[0]?.id ?? '';
  await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields: [{ recipientId, type: 'signature', page: 1, x: 10, y: 10 }] } });
  const sent = await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body: {} });
  expect(sent.status, JSON.stringify(sent.body)).toBe(200);
  const link = await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId } });
  const token = String(link.body?.url).split('/sign/')[1] ?? '';
  return { document, recipientId, token };
}

async function start(token: string) {
  const answer = await call(routes.start.POST, 'POST', '/x', { params: { token }, body: {}, key: null });
  const setCookie = answer.headers.get('set-cookie') ?? '';
  return { ...answer, url: String(answer.body?.url ?? ''), setCookie, cookie: setCookie.split(';')[0] ?? '' };
}

async function callback(url: URL, cookie: string | null) {
  const response = await routes.callback.GET(new Request(url, { headers: cookie ? { cookie } : {} }), { params: Promise.resolve({}) });
  const text = await response.text();
  return { status: response.status, location: response.headers.get('location'), setCookie: response.headers.get('set-cookie'), body: text ? (JSON.parse(text) as Record<string, unknown>) : null };
}

async function authEvents(documentId: string) {
  const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: documentId } });
  expect(audit.body?.chainValid).toBe(true);
  return (audit.body?.events as { type: string; data: Record<string, unknown> }[]).filter((event) => event.type === 'recipient.authenticated');
}

const recipientRow = (id: string) => world.client.recipient.findUniqueOrThrow({ where: { id } });

describe('eID sign-in of signers (POST /api/v1/signing/{token}/oidc/start, GET /api/v1/signing/oidc/callback)', () => {
  it('authenticates through the provider; records issuer and subject, the verified name and that it matches', async () => {
    const { document, recipientId, token } = await sentTo('TÉST  Ána', 'ana@example.com');
    await world.client.recipient.update({ where: { id: recipientId }, data: { consentAt: new Date() } });
    const complete = () => call(routes.complete.POST, 'POST', '/x', { params: { token }, body: {}, key: null });
    expect((await complete()).body).toMatchObject({ status: 401, reason: 'auth_required', method: 'oidc' });
    const started = await start(token);
    expect(started.status).toBe(200);
    const authorization = new URL(started.url);
    expect(authorization.origin).toBe(eid.state.issuer);
    expect(authorization.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorization.searchParams.get('nonce')).toBeTruthy();
    expect(authorization.searchParams.get('prompt')).toBe('login');
    // The provider never sees the link's token; the cookie is httpOnly, Lax and only for the callback.
    expect(started.url).not.toContain(token);
    expect(started.setCookie).toMatch(/HttpOnly/i);
    expect(started.setCookie).toMatch(/SameSite=Lax/i);
    expect(started.setCookie).toMatch(/Path=\/api\/v1\/signing\/oidc\/callback/);
    expect(started.setCookie).not.toContain(token);
    const authState = async () => (await call(routes.session.GET, 'GET', '/x', { params: { token }, key: null })).body?.auth;
    expect(await authState()).toEqual({ method: 'oidc', satisfied: false, verifiedName: null, nameMatches: null });

    const back = await eid.signInAt(started.url, 'ana@test.signet.localhost');
    expect(back.href.startsWith('http://signet.test/api/v1/signing/oidc/callback?')).toBe(true);
    const done = await callback(back, started.cookie);
    expect(done.status).toBe(303);
    expect(done.location).toBe(`http://signet.test/sign/${token}`);
    expect(done.setCookie).toMatch(/Max-Age=0/);
    // Past the authentication check now: only the empty signature field stands in the way.
    expect((await complete()).status).toBe(422);

    const recipient = await recipientRow(recipientId);
    expect(recipient.authAt).toBeInstanceOf(Date);
    expect(recipient.authSubject).toBe(`${eid.state.issuer}#test-ana`);
    expect(recipient.authName).toBe('Test ana');
    expect((await authEvents(document.id)).map((event) => event.data)).toEqual([
      { recipientId, method: 'oidc', result: 'passed', subject: `${eid.state.issuer}#test-ana`, verifiedName: 'Test ana', nameMatches: true },
    ]);
    // The page reads the outcome from the session.
    expect(await authState()).toEqual({ method: 'oidc', satisfied: true, verifiedName: 'Test ana', nameMatches: true });
    // Done: starting again is refused, and the replayed callback adds nothing.
    expect((await start(token)).body).toMatchObject({ status: 409, reason: 'auth_satisfied' });
    expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}`);
    expect(await authEvents(document.id)).toHaveLength(1);
  });

  it('records a verified name that differs from the one the sender typed (nameMatches: false), without refusing', async () => {
    const { document, recipientId, token } = await sentTo('Olga Nováková', 'olga@example.com');
    const started = await start(token);
    const done = await callback(await eid.signInAt(started.url, 'olga@test.signet.localhost'), started.cookie);
    expect(done.location).toBe(`http://signet.test/sign/${token}`);
    const recipient = await recipientRow(recipientId);
    expect(recipient.authAt).toBeInstanceOf(Date);
    expect(recipient.authName).toBe('Test olga');
    const [event] = await authEvents(document.id);
    expect(event?.data).toMatchObject({ result: 'passed', verifiedName: 'Test olga', nameMatches: false });
    const session = await call(routes.session.GET, 'GET', '/x', { params: { token }, key: null });
    expect(session.body?.auth).toEqual({ method: 'oidc', satisfied: true, verifiedName: 'Test olga', nameMatches: false });
  });

  it('refuses a callback whose state is not the one this browser started, and one without the cookie, changing nothing', async () => {
    const { document, recipientId, token } = await sentTo('Test bea', 'bea@example.com');
    const started = await start(token);
    const back = await eid.signInAt(started.url, 'bea@test.signet.localhost');
    const forged = new URL(back);
    forged.searchParams.set('state', 'someone-elses-state');
    const refused = await callback(forged, started.cookie);
    expect(refused.location).toBe(`http://signet.test/sign/${token}?eidError=mismatch`);
    expect(refused.setCookie).toMatch(/Max-Age=0/);

    const noCookie = await callback(back, null);
    expect(noCookie.status).toBe(400);
    expect(noCookie.body).toMatchObject({ reason: 'eid_flow_missing' });
    // One character of the sealed value changed (inside the ciphertext): the seal no longer opens.
    const at = 'signet_eid='.length + 20;
    const altered = `${started.cookie.slice(0, at)}${started.cookie[at] === 'A' ? 'B' : 'A'}${started.cookie.slice(at + 1)}`;
    expect((await callback(back, altered)).body).toMatchObject({ status: 400, reason: 'eid_flow_missing' });

    expect((await recipientRow(recipientId)).authAt).toBeNull();
    expect(await authEvents(document.id)).toEqual([]);
    expect(await world.client.signerOidcFlow.count({ where: { recipientId, usedAt: { not: null } } })).toBe(0);
  });

  it('uses a callback once: refused ID token recorded as failed, its replay refused as expired, nothing authenticated', async () => {
    const { document, recipientId, token } = await sentTo('Test cid', 'cid@example.com');
    const started = await start(token);
    const back = await eid.signInAt(started.url, 'cid@test.signet.localhost');
    await eid.variant('wrong-audience');
    try {
      expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}?eidError=failed`);
    } finally {
      await eid.variant('none');
    }
    expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}?eidError=expired`);
    expect((await recipientRow(recipientId)).authAt).toBeNull();
    expect((await authEvents(document.id)).map((event) => event.data)).toEqual([
      { recipientId, method: 'oidc', result: 'failed', reason: expect.stringMatching(/^OAUTH_/) },
    ]);
  });

  it('refuses ID tokens with a wrong nonce or issuer, past their lifetime, or not signed with the provider’s key', async () => {
    for (const bad of ['wrong-nonce', 'wrong-issuer', 'expired', 'foreign-key'] as const) {
      const { recipientId, token } = await sentTo('Test dan', `dan-${bad}@example.com`);
      const started = await start(token);
      const back = await eid.signInAt(started.url, 'dan@test.signet.localhost');
      await eid.variant(bad);
      try {
        expect((await callback(back, started.cookie)).location, bad).toBe(`http://signet.test/sign/${token}?eidError=failed`);
      } finally {
        await eid.variant('none');
      }
      expect((await recipientRow(recipientId)).authAt, bad).toBeNull();
    }
  });

  it('a signer who cancels at the provider comes back with eidError=cancelled, nothing recorded', async () => {
    const { document, recipientId, token } = await sentTo('Test eva', 'eva@example.com');
    const started = await start(token);
    const back = await eid.signInAt(started.url, 'eva@test.signet.localhost', { cancel: true });
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}?eidError=cancelled`);
    expect((await recipientRow(recipientId)).authAt).toBeNull();
    expect(await authEvents(document.id)).toEqual([]);
  });

  it('a flow older than 10 minutes is refused as expired', async () => {
    const { recipientId, token } = await sentTo('Test fay', 'fay@example.com');
    const started = await start(token);
    const back = await eid.signInAt(started.url, 'fay@test.signet.localhost');
    await world.client.signerOidcFlow.updateMany({ where: { recipientId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}?eidError=expired`);
    expect((await recipientRow(recipientId)).authAt).toBeNull();
  });

  it('abandoned eID sign-ins are swept a day after they expired, everyone’s at once; a recent one is kept', async () => {
    const { sweepEidFlows } = await import('@/lib/server/signing/eid/sweep-eid-flows');
    const gil = await sentTo('Test gil', 'gil@example.com');
    const hal = await sentTo('Test hal', 'hal@example.com');
    for (const signer of [gil, hal]) await start(signer.token);
    const now = Date.now();
    // gil's expired two days ago, hal's an hour ago (a late callback should still hear "expired").
    await world.client.signerOidcFlow.updateMany({ where: { recipientId: gil.recipientId }, data: { expiresAt: new Date(now - 48 * 3600_000) } });
    await world.client.signerOidcFlow.updateMany({ where: { recipientId: hal.recipientId }, data: { expiresAt: new Date(now - 3600_000) } });
    expect(await sweepEidFlows(world.client, new Date(now))).toBeGreaterThanOrEqual(1);
    expect(await world.client.signerOidcFlow.count({ where: { recipientId: gil.recipientId } })).toBe(0);
    expect(await world.client.signerOidcFlow.count({ where: { recipientId: hal.recipientId } })).toBe(1);
  });

  it('410 for a dead link at the start; a callback for a link that died meanwhile goes back to the page and records nothing', async () => {
    const { document, recipientId, token } = await sentTo('Test gil', 'gil@example.com');
    const started = await start(token);
    const back = await eid.signInAt(started.url, 'gil@test.signet.localhost');
    await call(routes.cancel.POST, 'POST', '/x', { params: { id: document.id }, body: { reason: 'Wrong file.' } });
    expect((await start(token)).body).toMatchObject({ status: 410, reason: 'cancelled' });
    const late = await callback(back, started.cookie);
    expect(late.location).toBe(`http://signet.test/sign/${token}`);
    expect((await recipientRow(recipientId)).authAt).toBeNull();
    expect(await authEvents(document.id)).toEqual([]);
  });

  it('409 where the recipient is not asked for an eID; 404 for an unknown link', async () => {
    const { token } = await sentTo('Test hal', 'hal@example.com', 'none');
    expect((await start(token)).body).toMatchObject({ status: 409, reason: 'oidc_not_required' });
    expect((await start('no-such-token')).status).toBe(404);
  });
});
