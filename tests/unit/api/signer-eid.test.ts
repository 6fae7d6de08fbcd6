import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZDocumentDetails } from '@/lib/api/v1/documents';
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
  field: typeof import('@/app/api/v1/signing/[token]/fields/[fieldId]/route');
  document: typeof import('@/app/api/v1/documents/[id]/route');
  documents: typeof import('@/app/api/v1/documents/route');
  acceptIdentity: typeof import('@/app/api/v1/documents/[id]/recipients/[recipientId]/accept-identity/route');
};

beforeAll(async () => {
  routes = {
    ...(await loadOwnerRoutes()),
    start: await import('@/app/api/v1/signing/[token]/oidc/start/route'),
    complete: await import('@/app/api/v1/signing/[token]/complete/route'),
    session: await import('@/app/api/v1/signing/[token]/route'),
    callback: await import('@/app/api/v1/signing/oidc/callback/route'),
    field: await import('@/app/api/v1/signing/[token]/fields/[fieldId]/route'),
    document: await import('@/app/api/v1/documents/[id]/route'),
    documents: await import('@/app/api/v1/documents/route'),
    acceptIdentity: await import('@/app/api/v1/documents/[id]/recipients/[recipientId]/accept-identity/route'),
  };
});

/** A document sent to one signer who must sign in with an eID; a working link of theirs. */
async function sentTo(name: string, email: string, auth: 'oidc' | 'none' = 'oidc') {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { recipients: [{ email, name, auth }] },
  });
  const recipientId = (saved.body?.recipients as { id: string }[])[0]?.id ?? '';
  await call(routes.fields.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { fields: [{ recipientId, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
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
  const response = await routes.callback.GET(new Request(url, { headers: cookie ? { cookie } : {} }), {
    params: Promise.resolve({}),
  });
  const text = await response.text();
  return {
    status: response.status,
    location: response.headers.get('location'),
    setCookie: response.headers.get('set-cookie'),
    body: text ? (JSON.parse(text) as Record<string, unknown>) : null,
  };
}

async function authEvents(documentId: string) {
  const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: documentId } });
  expect(audit.body?.chainValid).toBe(true);
  return (audit.body?.events as { type: string; data: Record<string, unknown> }[]).filter(
    (event) => event.type === 'recipient.authenticated',
  );
}

const recipientRow = (id: string) => world.client.recipient.findUniqueOrThrow({ where: { id } });

async function eventsOf(documentId: string, type: string) {
  const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: documentId } });
  expect(audit.body?.chainValid).toBe(true);
  return (audit.body?.events as { type: string; actor: string; data: Record<string, unknown> }[]).filter(
    (event) => event.type === type,
  );
}

async function documentDetails(id: string) {
  const answer = await call(routes.document.GET, 'GET', '/x', { params: { id } });
  expect(answer.status).toBe(200);
  return ZDocumentDetails.parse(answer.body);
}

async function listed(id: string) {
  const answer = await call(routes.documents.GET, 'GET', '/api/v1/documents?limit=100');
  return (answer.body?.items as { id: string; reviewNeeded: boolean }[]).find((item) => item.id === id);
}

const accept = (id: string, recipientId: string, key?: string) =>
  call(routes.acceptIdentity.POST, 'POST', '/x', { params: { id, recipientId }, ...(key ? { key } : {}) });
const finalizeJobs = (documentId: string) =>
  world.client.job.count({ where: { queue: 'document.finalize', payload: { contains: documentId } } });

/** A signer whose eID gives another name (the provider's `Test <local>`): consented, authenticated, signed unless told not to. */
async function signedWithMismatch(name: string, local: string, { complete = true } = {}) {
  const sent = await sentTo(name, `${local}@example.com`);
  const started = await start(sent.token);
  await callback(await eid.signInAt(started.url, `${local}@test.signet.localhost`), started.cookie);
  await world.client.recipient.update({ where: { id: sent.recipientId }, data: { consentAt: new Date() } });
  const field = await world.client.field.findFirstOrThrow({ where: { recipientId: sent.recipientId } });
  const signed = await call(routes.field.PUT, 'PUT', '/x', {
    params: { token: sent.token, fieldId: field.id },
    body: { signature: { kind: 'typed', text: name } },
    key: null,
  });
  expect(signed.status, JSON.stringify(signed.body)).toBe(200);
  if (complete) {
    expect(
      (await call(routes.complete.POST, 'POST', '/x', { params: { token: sent.token }, body: {}, key: null })).body,
    ).toEqual({ status: 'signed', everyoneSigned: true });
  }
  return sent;
}

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
    const authState = async () =>
      (await call(routes.session.GET, 'GET', '/x', { params: { token }, key: null })).body?.auth;
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
      {
        recipientId,
        method: 'oidc',
        result: 'passed',
        subject: `${eid.state.issuer}#test-ana`,
        verifiedName: 'Test ana',
        nameMatches: true,
      },
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
    expect(session.body?.auth).toEqual({
      method: 'oidc',
      satisfied: true,
      verifiedName: 'Test olga',
      nameMatches: false,
    });
    // EID_NAME_MISMATCH=review (the default): recorded as a mismatch the owner must accept.
    expect(recipient.authNameMismatchAt).toEqual(recipient.authAt);
    expect(recipient.authNameAcceptedAt).toBeNull();
    expect((await eventsOf(document.id, 'recipient.identity_mismatch')).map((mismatch) => mismatch.data)).toEqual([
      {
        recipientId,
        email: 'olga@example.com',
        verifiedName: 'Test olga',
        expectedName: 'Olga Nováková',
        policy: 'review',
      },
    ]);
    const details = await documentDetails(document.id);
    expect(details.reviewNeeded).toBe(true);
    expect(details.recipients[0]?.identityMismatch).toEqual({
      verifiedName: 'Test olga',
      expectedName: 'Olga Nováková',
      detectedAt: recipient.authAt?.toISOString(),
      acceptedAt: null,
    });
  });

  it('compares names leniently: the eID’s family-name-first order, case and accents make no mismatch', async () => {
    const { document, recipientId, token } = await sentTo('Ána TEST', 'ana-order@example.com');
    const started = await start(token);
    await callback(await eid.signInAt(started.url, 'ana@test.signet.localhost'), started.cookie);
    const recipient = await recipientRow(recipientId);
    expect(recipient.authName).toBe('Test ana');
    expect(recipient.authNameMismatchAt).toBeNull();
    expect((await authEvents(document.id))[0]?.data).toMatchObject({ nameMatches: true });
    expect(await eventsOf(document.id, 'recipient.identity_mismatch')).toEqual([]);
    expect((await documentDetails(document.id)).recipients[0]?.identityMismatch).toBeNull();
  });

  it('a mismatch holds the seal until the owner accepts it (POST …/accept-identity), with an audit event; accepting again changes nothing', async () => {
    const { document, recipientId } = await signedWithMismatch('Petra Malá', 'petra');
    // Signed, but no seal is queued, and the finalize job itself would find the document not ready.
    expect(await finalizeJobs(document.id)).toBe(0);
    const { finalizeDocument } = await import('@/lib/server/finalize/finalize-document');
    const untouched = {
      prepare: () => Promise.reject(new Error('not to be called')),
      seal: () => Promise.reject(new Error('not to be called')),
    };
    expect(
      await finalizeDocument(
        document.id,
        { attempt: 1, maxAttempts: 1, signal: new AbortController().signal },
        { steps: untouched as never },
      ),
    ).toBe('not-ready');
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('PENDING');
    expect((await documentDetails(document.id)).reviewNeeded).toBe(true);
    expect((await listed(document.id))?.reviewNeeded).toBe(true);

    // Someone else cannot accept it, nor can anyone accept a recipient without a mismatch or one that does not exist.
    expect((await accept(document.id, recipientId, world.otherKey)).status).toBe(404);
    expect((await accept(document.id, 'no-such-recipient')).status).toBe(404);
    const plain = await sentTo('Test nia', 'nia@example.com', 'none');
    expect((await accept(plain.document.id, plain.recipientId)).body).toMatchObject({
      status: 409,
      reason: 'no_identity_mismatch',
    });

    const accepted = await accept(document.id, recipientId);
    expect(accepted.status).toBe(200);
    const recipient = await recipientRow(recipientId);
    expect(accepted.body).toMatchObject({
      id: recipientId,
      identityMismatch: {
        verifiedName: 'Test petra',
        expectedName: 'Petra Malá',
        acceptedAt: recipient.authNameAcceptedAt?.toISOString(),
      },
    });
    const [event, ...more] = await eventsOf(document.id, 'recipient.identity_accepted');
    expect(more).toEqual([]);
    expect(event?.data).toEqual({
      recipientId,
      email: 'petra@example.com',
      verifiedName: 'Test petra',
      expectedName: 'Petra Malá',
    });
    expect(event?.actor).toMatch(/^api:/);
    expect(await finalizeJobs(document.id)).toBe(1);
    expect((await documentDetails(document.id)).reviewNeeded).toBe(false);

    const again = await accept(document.id, recipientId);
    expect(again.status).toBe(200);
    expect(await eventsOf(document.id, 'recipient.identity_accepted')).toHaveLength(1);
    expect(await finalizeJobs(document.id)).toBe(1);
  });

  it('accepted before the signature, the seal is queued by the signature; a cancelled document cannot be accepted', async () => {
    const early = await signedWithMismatch('Rui Costa', 'rui', { complete: false });
    expect((await accept(early.document.id, early.recipientId)).status).toBe(200);
    expect(await finalizeJobs(early.document.id)).toBe(0);
    expect(
      (await call(routes.complete.POST, 'POST', '/x', { params: { token: early.token }, body: {}, key: null })).body,
    ).toEqual({ status: 'signed', everyoneSigned: true });
    expect(await finalizeJobs(early.document.id)).toBe(1);

    const refused = await signedWithMismatch('Sara Lopes', 'sara');
    expect(
      (
        await call(routes.cancel.POST, 'POST', '/x', {
          params: { id: refused.document.id },
          body: { reason: 'Not the person I meant.' },
        })
      ).status,
    ).toBe(200);
    expect((await accept(refused.document.id, refused.recipientId)).body).toMatchObject({
      status: 409,
      reason: 'not_pending',
    });
    expect(await eventsOf(refused.document.id, 'recipient.identity_accepted')).toEqual([]);
    expect(await finalizeJobs(refused.document.id)).toBe(0);
  });

  it('a viewer who must use an eID is opened (finished) only by the first GET after the eID sign-in', async () => {
    const document = await draft();
    const people = [
      { email: 'vio@example.com', name: 'Test vio', role: 'viewer', auth: 'oidc' },
      { email: 'sig@example.com', name: 'Sig' },
    ];
    const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: { recipients: people },
    });
    const [recipientId = '', signerId] = (saved.body?.recipients as { id: string }[]).map((person) => person.id);
    await call(routes.fields.PUT, 'PUT', '/x', {
      params: { id: document.id },
      body: { fields: [{ recipientId: signerId, type: 'signature', page: 1, x: 10, y: 10 }] },
    });
    expect((await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body: {} })).status).toBe(200);
    const token =
      String(
        (await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId } })).body?.url,
      ).split('/sign/')[1] ?? '';
    const session = () => call(routes.session.GET, 'GET', '/x', { params: { token }, key: null });
    expect((await session()).body).toMatchObject({
      recipient: { role: 'viewer' },
      auth: { method: 'oidc', satisfied: false },
    });
    expect((await recipientRow(recipientId)).openedAt).toBeNull();
    const started = await start(token);
    await callback(await eid.signInAt(started.url, 'vio@test.signet.localhost'), started.cookie);
    expect((await recipientRow(recipientId)).openedAt).toBeNull();
    expect((await session()).body).toMatchObject({ recipient: { status: 'opened' }, auth: { satisfied: true } });
    expect((await recipientRow(recipientId)).openedAt).toBeInstanceOf(Date);
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
        expect((await callback(back, started.cookie)).location, bad).toBe(
          `http://signet.test/sign/${token}?eidError=failed`,
        );
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
    await world.client.signerOidcFlow.updateMany({
      where: { recipientId },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    expect((await callback(back, started.cookie)).location).toBe(`http://signet.test/sign/${token}?eidError=expired`);
    expect((await recipientRow(recipientId)).authAt).toBeNull();
  });

  it('abandoned eID sign-ins are swept a day after they expired, everyone’s at once; a recent one is kept', async () => {
    const { sweepEidFlows } = await import('@/lib/server/signing/auth/eid/sweep-eid-flows');
    const gil = await sentTo('Test gil', 'gil@example.com');
    const hal = await sentTo('Test hal', 'hal@example.com');
    for (const signer of [gil, hal]) await start(signer.token);
    const now = Date.now();
    // gil's expired two days ago, hal's an hour ago (a late callback should still hear "expired").
    await world.client.signerOidcFlow.updateMany({
      where: { recipientId: gil.recipientId },
      data: { expiresAt: new Date(now - 48 * 3600_000) },
    });
    await world.client.signerOidcFlow.updateMany({
      where: { recipientId: hal.recipientId },
      data: { expiresAt: new Date(now - 3600_000) },
    });
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
