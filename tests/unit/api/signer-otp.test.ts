import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';
import {
  loadOwnerRoutes,
  runDueJobs,
  smtpSinkForApi,
  tokenIn,
  type TOutboxMail,
  type TOwnerRoutes,
} from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// The codes go over SMTP to a real server the test runs, and are read back with mailparser.
const sink = smtpSinkForApi();
const { world, call, draft } = apiWorld();

let routes: TOwnerRoutes & {
  otp: typeof import('@/app/api/v1/signing/[token]/otp/route');
  verify: typeof import('@/app/api/v1/signing/[token]/otp/verify/route');
};
let signerAccess: typeof import('@/lib/server/signing/auth/signer-access');

beforeAll(async () => {
  routes = {
    ...(await loadOwnerRoutes()),
    otp: await import('@/app/api/v1/signing/[token]/otp/route'),
    verify: await import('@/app/api/v1/signing/[token]/otp/verify/route'),
  };
  signerAccess = await import('@/lib/server/signing/auth/signer-access');
});

/** A document sent to one signer with the given auth; the invitation delivered; its token. */
async function invited(email: string, auth: 'email_otp' | 'none' = 'email_otp') {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { recipients: [{ email, name: 'Olga', auth }] },
  });
  const [recipient] = saved.body?.recipients as { id: string }[];
  await call(routes.fields.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { fields: [{ recipientId: recipient?.id, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
  expect(
    (await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body: { locale: 'pt' } })).status,
  ).toBe(200);
  await runDueJobs(world.client);
  const invitation = sink
    .mails()
    .filter((mail) => mail.to === email)
    .at(-1) as TOutboxMail;
  return { document, recipientId: recipient?.id ?? '', token: tokenIn(invitation) };
}

const askCode = (token: string) => call(routes.otp.POST, 'POST', '/x', { params: { token }, body: {}, key: null });
const tryCode = (token: string, code: string) =>
  call(routes.verify.POST, 'POST', '/x', { params: { token }, body: { code }, key: null });
const codesTo = (email: string) =>
  sink
    .mails()
    .filter((mail) => mail.to === email && /\b\d{6}\b/.test(mail.text) && !mail.text.includes('/sign/'))
    .map((mail) => /\b(\d{6})\b/.exec(mail.text)?.[1] ?? '');
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

describe('email one-time codes (POST /api/v1/signing/{token}/otp and /otp/verify)', () => {
  it('mails a 6-digit code in the invitation’s language; the right code authenticates and is recorded', async () => {
    const { document, recipientId, token } = await invited('olga@example.com');
    const sent = await askCode(token);
    expect(sent.status).toBe(202);
    expect(sent.body).toMatchObject({ sentTo: 'o***@example.com' });
    const [code] = codesTo('olga@example.com');
    expect(code).toMatch(/^\d{6}$/);
    const mail = sink.mails().at(-1) as TOutboxMail;
    expect(mail.subject).toMatch(/código/i); // Portuguese, as the send asked
    // The table keeps only a hash of it.
    const stored = await world.client.signerOtp.findMany({ where: { recipientId } });
    expect(JSON.stringify(stored)).not.toContain(code);

    expect((await tryCode(token, `${code?.slice(0, 3)} ${code?.slice(3)}`)).status).toBe(200);
    const recipient = await world.client.recipient.findUniqueOrThrow({ where: { id: recipientId } });
    expect(recipient.authAt).toBeInstanceOf(Date);
    expect(recipient.authSubject).toBe('olga@example.com');
    // Spent: the same code again finds no live code, and the recipient stays authenticated.
    expect((await tryCode(token, code ?? '')).status).toBe(200);
    const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
    const events = audit.body?.events as { type: string; data: Record<string, unknown> }[];
    expect(
      events.filter((event) => event.type === 'recipient.authenticated').map((event) => event.data.result),
    ).toEqual(['passed']);
    expect(audit.body?.chainValid).toBe(true);
  });

  it('counts wrong tries: five per code, then the code is spent (OTP_LOCKED) and even the right one fails; a new code works', async () => {
    const { recipientId, token } = await invited('wrong@example.com');
    await askCode(token);
    const [code = ''] = codesTo('wrong@example.com');
    for (let left = 4; left >= 1; left--) {
      const answer = await tryCode(token, wrong(code));
      expect(answer.status).toBe(401);
      expect(answer.body).toMatchObject({ reason: 'otp_wrong', triesLeft: left });
    }
    const fifth = await tryCode(token, wrong(code));
    expect(fifth.status).toBe(409);
    expect(fifth.headers.get('content-type')).toMatch(/^application\/problem\+json/);
    expect(fifth.body).toMatchObject({ code: 'OTP_LOCKED', reason: 'otp_spent', triesLeft: 0 });
    const after = await tryCode(token, code);
    expect(after.status).toBe(409);
    expect(after.body).toMatchObject({ code: 'OTP_LOCKED', reason: 'otp_spent' });
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: recipientId } })).authAt).toBeNull();

    // A new code must be asked for, and it works.
    expect((await askCode(token)).status).toBe(202);
    const fresh = codesTo('wrong@example.com').at(-1) ?? '';
    expect((await tryCode(token, fresh)).status).toBe(200);
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: recipientId } })).authAt).toBeInstanceOf(
      Date,
    );
  });

  it('a new code replaces the previous one; a code older than 10 minutes is refused (OTP_EXPIRED), and a new one works', async () => {
    const { recipientId, token } = await invited('twice@example.com');
    await askCode(token);
    await askCode(token);
    const [first = '', second = ''] = codesTo('twice@example.com');
    if (first !== second) expect((await tryCode(token, first)).status).toBe(401);
    await world.client.signerOtp.updateMany({
      where: { recipientId, usedAt: null },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const late = await tryCode(token, second);
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ code: 'OTP_EXPIRED', reason: 'otp_expired' });
    expect((await askCode(token)).status).toBe(202);
    expect((await tryCode(token, codesTo('twice@example.com').at(-1) ?? '')).status).toBe(200);
  });

  it('a code works for 10 minutes by the clock it was sent with: refused at 10:00, accepted at 9:59', async () => {
    const { token } = await invited('clock@example.com');
    const { resolveSigningToken } = await import('@/lib/server/signing/link/resolve-signing-token');
    const { sendSignerOtp } = await import('@/lib/server/signing/auth/send-signer-otp');
    const { verifySignerOtp } = await import('@/lib/server/signing/auth/verify-signer-otp');
    const meta = { ip: null, userAgent: null };
    const sentAt = new Date(Date.now() - 60 * 60_000);
    await sendSignerOtp(await resolveSigningToken(token), meta, sentAt);
    const code = codesTo('clock@example.com').at(-1) ?? '';
    const at = (ms: number) => new Date(sentAt.getTime() + ms);
    await expect(verifySignerOtp(await resolveSigningToken(token), code, meta, at(10 * 60_000))).rejects.toMatchObject({
      code: 'OTP_EXPIRED',
    });
    await expect(
      verifySignerOtp(await resolveSigningToken(token), code, meta, at(10 * 60_000 - 1000)),
    ).resolves.toBeUndefined();
    expect((await resolveSigningToken(token)).recipient.authAt).toEqual(at(10 * 60_000 - 1000));
  });

  it('at most 15 tries per link, whatever the number of codes: then no code is sent or checked until the sender issues a new link', async () => {
    const { document, recipientId, token } = await invited('locked@example.com');
    for (let round = 0; round < 3; round++) {
      expect((await askCode(token)).status).toBe(202);
      const code = codesTo('locked@example.com').at(-1) ?? '';
      for (let attempt = 0; attempt < 5; attempt++) await tryCode(token, wrong(code));
    }
    const mails = sink.mails().length;
    const ask = await askCode(token);
    expect(ask.status).toBe(409);
    expect(ask.body).toMatchObject({ code: 'OTP_LOCKED', reason: 'otp_locked' });
    expect(sink.mails().length).toBe(mails);
    expect((await tryCode(token, '000000')).body).toMatchObject({ code: 'OTP_LOCKED', reason: 'otp_locked' });
    const audit = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
    const events = audit.body?.events as { type: string; data: Record<string, unknown> }[];
    expect(events.filter((event) => event.type === 'recipient.otp_locked').map((event) => event.data)).toEqual([
      { recipientId, email: 'locked@example.com', tries: 15 },
    ]);

    // The owner resends the invitation: the new link starts afresh and its code works.
    expect((await call(routes.resend.POST, 'POST', '/x', { params: { id: document.id, recipientId } })).status).toBe(
      202,
    );
    await runDueJobs(world.client);
    const fresh = tokenIn(
      sink
        .mails()
        .filter((mail) => mail.to === 'locked@example.com' && mail.text.includes('/sign/'))
        .at(-1) as TOutboxMail,
    );
    expect(fresh).not.toBe(token);
    expect((await askCode(fresh)).status).toBe(202);
    expect((await tryCode(fresh, codesTo('locked@example.com').at(-1) ?? '')).status).toBe(200);
  });

  it('at most five codes an hour, then 429 with Retry-After and no mail', async () => {
    const { token } = await invited('many@example.com');
    for (let i = 0; i < 5; i++) expect((await askCode(token)).status).toBe(202);
    const mails = sink.mails().length;
    const sixth = await askCode(token);
    expect(sixth.status).toBe(429);
    expect(Number(sixth.headers.get('retry-after'))).toBeGreaterThan(3000);
    expect(sink.mails().length).toBe(mails);
  });

  it('refuses where no code is asked for, a bad code shape, and a link that no longer works', async () => {
    const plain = await invited('plain@example.com', 'none');
    expect((await askCode(plain.token)).body).toMatchObject({ status: 409, reason: 'otp_not_required' });
    const { document, token } = await invited('shape@example.com');
    expect((await tryCode(token, '12ab56')).status).toBe(400);
    await call(routes.cancel.POST, 'POST', '/x', { params: { id: document.id }, body: { reason: 'Wrong file.' } });
    expect((await askCode(token)).body).toMatchObject({ status: 410, reason: 'cancelled' });
    expect((await askCode('no-such-token')).status).toBe(404);
  });
});

describe('requireSignerCanAct (the documented order of checks)', () => {
  it('asks for consent before authentication, and authentication where the recipient has auth', async () => {
    const { token } = await invited('order@example.com');
    const { resolveSigningToken } = await import('@/lib/server/signing/link/resolve-signing-token');
    const signer = await resolveSigningToken(token);
    expect(() => signerAccess.requireSignerCanAct(signer)).toThrow(expect.objectContaining({ code: 'CONFLICT' }));
    signer.recipient.consentAt = new Date();
    expect(() => signerAccess.requireSignerCanAct(signer)).toThrow(expect.objectContaining({ code: 'UNAUTHORIZED' }));
    signer.recipient.authAt = new Date();
    expect(() => signerAccess.requireSignerCanAct(signer)).not.toThrow();
  });
});
