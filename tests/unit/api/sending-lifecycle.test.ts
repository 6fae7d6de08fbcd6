import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';
import {
  loadOwnerRoutes,
  outboxMails,
  runDueJobs,
  tokenIn,
  type TOutboxMail,
  type TOwnerRoutes,
} from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft } = apiWorld();

let dataDir: string;
let routes: TOwnerRoutes;
let resolveSigningToken: typeof import('@/lib/server/signing/link/resolve-signing-token').resolveSigningToken;

beforeAll(async () => {
  routes = await loadOwnerRoutes();
  ({ resolveSigningToken } = await import('@/lib/server/signing/link/resolve-signing-token'));
  dataDir = (await import('@/lib/env')).getEnv().dataDir;
});

let seen = 0;
beforeEach(async () => {
  seen = (await outboxMails(dataDir)).length;
});
const newMails = async (): Promise<TOutboxMail[]> => (await outboxMails(dataDir)).slice(seen);
const mailTo = async (email: string) => (await newMails()).filter((mail) => mail.to === email);

/** Two signers in sequence, sent and the first invitation delivered. */
async function sent(body: Record<string, unknown> = {}) {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: {
      recipients: [
        { email: 'ana@example.com', name: 'Ana' },
        { email: 'bo@example.com', name: 'Bo' },
      ],
    },
  });
  const [ana, bo] = saved.body?.recipients as { id: string }[];
  const fields = [ana, bo].map((recipient, index) => ({
    recipientId: recipient?.id,
    type: 'signature',
    page: 1,
    x: 10,
    y: 10 + 60 * index,
  }));
  await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields } });
  const answer = await call(routes.send.POST, 'POST', '/x', { params: { id: document.id }, body });
  expect(answer.status).toBe(200);
  await runDueJobs(world.client);
  const invitation = (await mailTo('ana@example.com')).at(-1) as TOutboxMail;
  return { document, ana: ana as { id: string }, bo: bo as { id: string }, token: tokenIn(invitation) };
}

const post = (
  handler: Parameters<typeof call>[0],
  params: Record<string, string>,
  options: { body?: unknown; key?: string } = {},
) => call(handler, 'POST', '/x', { params, ...options });

async function gone(token: string) {
  try {
    await resolveSigningToken(token);
  } catch (error) {
    return { code: (error as { code: string }).code, ...(error as { extensions?: object }).extensions };
  }
  return 'works';
}

describe('resend and copy link', () => {
  it('resend mails a fresh link and the old one answers 410 replaced', async () => {
    const { document, ana, token } = await sent();
    const answer = await post(routes.resend.POST, { id: document.id, recipientId: ana.id });
    expect(answer.status).toBe(202);
    expect(await gone(token)).toEqual({ code: 'GONE', reason: 'replaced', documentName: 'Contract.pdf' });
    await runDueJobs(world.client);
    const fresh = tokenIn((await mailTo('ana@example.com')).at(-1) as TOutboxMail);
    expect(fresh).not.toBe(token);
    expect(await gone(fresh)).toBe('works');
  });

  it('copy link answers a fresh url, kills the old link and records recipient.link_copied', async () => {
    const { document, ana, token } = await sent();
    const answer = await post(routes.link.POST, { id: document.id, recipientId: ana.id });
    expect(answer.status).toBe(200);
    const url = answer.body?.url as string;
    expect(url).toMatch(/^http:\/\/signet\.test\/sign\/[A-Za-z0-9_-]{43}$/);
    expect(await gone(url.split('/').pop() as string)).toBe('works');
    expect(await gone(token)).toMatchObject({ reason: 'replaced' });
    const trail = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
    const types = (trail.body?.events as { type: string }[]).map((event) => event.type);
    expect(types.at(-1)).toBe('recipient.link_copied');
    expect(JSON.stringify(trail.body)).not.toContain(url.split('/').pop());
  });

  it('refuses a recipient whose turn has not come or who has finished (409), and other users (404)', async () => {
    const { document, ana, bo } = await sent();
    for (const handler of [routes.resend.POST, routes.link.POST]) {
      expect((await post(handler, { id: document.id, recipientId: bo.id })).status).toBe(409);
      expect((await post(handler, { id: document.id, recipientId: ana.id }, { key: world.otherKey })).status).toBe(404);
      expect((await post(handler, { id: document.id, recipientId: 'nobody' })).status).toBe(404);
    }
    await world.client.recipient.update({ where: { id: ana.id }, data: { status: 'SIGNED' } });
    expect((await post(routes.resend.POST, { id: document.id, recipientId: ana.id })).status).toBe(409);
    const mine = await draft();
    expect((await post(routes.link.POST, { id: mine.id, recipientId: ana.id })).status).toBe(404);
  });
});

describe('cancel', () => {
  it('cancels a pending document: links die, everyone invited is mailed, the reason is kept', async () => {
    const { document, token } = await sent();
    expect(
      (await post(routes.cancel.POST, { id: document.id }, { body: { reason: 'Wrong version' }, key: world.otherKey }))
        .status,
    ).toBe(404);
    expect((await post(routes.cancel.POST, { id: document.id }, { body: { reason: '' } })).status).toBe(400);
    const answer = await post(routes.cancel.POST, { id: document.id }, { body: { reason: 'Wrong version' } });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ id: document.id, status: 'cancelled' });
    expect(await gone(token)).toMatchObject({ code: 'GONE', reason: 'cancelled' });
    await runDueJobs(world.client);
    // Ana was invited and is told; Bo never was and hears nothing.
    const notices = (await newMails()).filter((mail) => !/\/sign\//.test(mail.text));
    expect(notices.map((mail) => mail.to)).toEqual(['ana@example.com']);
    expect(notices[0]?.text).toContain('Wrong version');
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored).toMatchObject({ status: 'CANCELLED', cancelReason: 'Wrong version' });
    expect(stored.cancelledAt).toBeInstanceOf(Date);
    expect((await post(routes.cancel.POST, { id: document.id }, { body: { reason: 'again' } })).status).toBe(409);
    expect((await post(routes.remind.POST, { id: document.id })).status).toBe(409);
  });

  it('refuses to cancel a draft (409)', async () => {
    const document = await draft();
    expect((await post(routes.cancel.POST, { id: document.id }, { body: { reason: 'x' } })).status).toBe(409);
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('DRAFT');
  });
});

describe('expiry', () => {
  it('expires a pending document at its deadline: status, notices, links 410 expired; a second run does nothing', async () => {
    const { document, token } = await sent({ expiresAt: new Date(Date.now() + 86_400_000).toISOString() });
    const job = await world.client.job.findFirstOrThrow({
      where: { queue: 'document.expire', payload: { contains: document.id } },
    });
    expect(job.runAt.toISOString()).toBe(
      (await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).expiresAt?.toISOString(),
    );
    // The deadline passes (moved into the past in the database), and the job comes due.
    const past = new Date(Date.now() - 1000);
    await world.client.document.update({ where: { id: document.id }, data: { expiresAt: past } });
    expect(await gone(token)).toMatchObject({ reason: 'expired' });
    await world.client.job.update({ where: { id: job.id }, data: { runAt: past } });
    await runDueJobs(world.client);
    expect((await world.client.document.findUniqueOrThrow({ where: { id: document.id } })).status).toBe('EXPIRED');
    expect((await mailTo('ana@example.com')).filter((mail) => !/\/sign\//.test(mail.text))).toHaveLength(1);
    expect(await mailTo('bo@example.com')).toHaveLength(0);
    expect(
      await world.client.signingLink.count({
        where: { recipient: { documentId: document.id }, revokedReason: 'expired' },
      }),
    ).toBe(1);

    const { expireDocument } = await import('@/lib/server/signing/notices/expire-document');
    expect(await expireDocument(document.id)).toBe(false);
    const trail = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
    expect(
      (trail.body?.events as { type: string }[]).filter((event) => event.type === 'document.expired'),
    ).toHaveLength(1);
    expect(trail.body?.chainValid).toBe(true);
  });
});

describe('reminders', () => {
  it('POST remind (202) mails the recipients whose turn it is a fresh working link; 409 on a draft', async () => {
    const { document, token } = await sent();
    const answer = await post(routes.remind.POST, { id: document.id });
    expect(answer.status).toBe(202);
    await runDueJobs(world.client);
    const reminders = (await newMails()).filter((mail) => /Reminder/.test(mail.subject));
    expect(reminders.map((mail) => mail.to)).toEqual(['ana@example.com']);
    expect(await gone(tokenIn(reminders[0] as TOutboxMail))).toBe('works');
    expect(await gone(token)).toBe('works'); // a reminder does not cut off a signer mid-way
    expect((await post(routes.remind.POST, { id: (await draft()).id })).status).toBe(409);
  });

  it('the scheduler reminds every reminderDays on a clock the test moves, once per period, while pending', async () => {
    const { document } = await sent({ reminderDays: 2 });
    const { scheduleReminders } = await import('@/lib/server/signing/notices/schedule-reminders');
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    const at = stored.nextReminderAt?.toISOString() as string;
    expect(await world.client.job.count({ where: { queue: 'document.remind', payload: { contains: at } } })).toBe(1);

    const twoDaysOn = new Date(Date.parse(at) + 1000);
    expect(await scheduleReminders({ documentId: document.id, at }, twoDaysOn)).toBe(1);
    expect(await scheduleReminders({ documentId: document.id, at }, twoDaysOn)).toBe(0); // the same run again: nothing
    await runDueJobs(world.client);
    expect((await newMails()).filter((mail) => /Reminder/.test(mail.subject)).map((mail) => mail.to)).toEqual([
      'ana@example.com',
    ]);

    const next = (
      await world.client.document.findUniqueOrThrow({ where: { id: document.id } })
    ).nextReminderAt?.toISOString() as string;
    expect(Date.parse(next)).toBe(twoDaysOn.getTime() + 2 * 86_400_000);
    await world.client.document.update({ where: { id: document.id }, data: { status: 'CANCELLED' } });
    expect(await scheduleReminders({ documentId: document.id, at: next }, new Date(Date.parse(next) + 1000))).toBe(0);
  });
});

describe('mail flood', () => {
  it('answers 429 past ten reminders and resends of one document in an hour', async () => {
    const { document, ana } = await sent();
    for (let index = 0; index < 5; index++)
      expect((await post(routes.remind.POST, { id: document.id })).status).toBe(202);
    for (let index = 0; index < 5; index++)
      expect((await post(routes.resend.POST, { id: document.id, recipientId: ana.id })).status).toBe(202);
    const over = await post(routes.remind.POST, { id: document.id });
    expect(over.status).toBe(429);
    expect(Number(over.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('mail failures', () => {
  it('keeps a failure on the recipient after the last attempt and clears it on a later success', async () => {
    const outbox = path.join(dataDir, 'outbox');
    const { document, ana } = await sent();
    const { deliverSigningLink } = await import('@/lib/server/signing/notices/deliver-signing-link');
    rmSync(outbox, { recursive: true, force: true });
    writeFileSync(outbox, 'not a folder'); // the outbox cannot be written: every send fails
    try {
      const payload = { recipientId: ana.id, kind: 'resend' as const };
      await expect(deliverSigningLink(payload, { attempt: 1, maxAttempts: 5 })).rejects.toThrow();
      expect((await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } })).mailError).toBeNull();
      const links = await world.client.signingLink.count({ where: { recipientId: ana.id } });
      await expect(deliverSigningLink(payload, { attempt: 5, maxAttempts: 5 })).rejects.toThrow();
      expect((await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } })).mailError).toEqual(
        expect.any(String),
      );
      expect(await world.client.signingLink.count({ where: { recipientId: ana.id } })).toBe(links); // the unsent link was dropped
      // Through the runner: the job's last attempt is what records the failure.
      await world.client.recipient.update({ where: { id: ana.id }, data: { mailError: null } });
      const { enqueueJob } = await import('@/lib/server/jobs/enqueue-job');
      const { mailInvitationJob } = await import('@/lib/server/signing/notices/jobs/mail-invitation.job');
      const job = await enqueueJob(mailInvitationJob, payload, { maxAttempts: 1 });
      await runDueJobs(world.client);
      expect(await world.client.job.findUniqueOrThrow({ where: { id: job.id } })).toMatchObject({ status: 'FAILED' });
      expect((await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } })).mailError).toEqual(
        expect.any(String),
      );
      // Each final failure is evidence in the audit trail (only final ones: the first attempt above wrote none), and the chain holds.
      const trail = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
      const failures = (trail.body?.events as { type: string; data: Record<string, unknown> }[]).filter(
        (event) => event.type === 'mail.failed',
      );
      expect(failures.map((event) => [event.data.recipientId, event.data.mail])).toEqual([
        [ana.id, null],
        [ana.id, 'mail.invitation'],
      ]);
      expect(trail.body?.chainValid).toBe(true);
    } finally {
      rmSync(outbox, { force: true });
      mkdirSync(outbox, { mode: 0o700 });
    }
    expect((await post(routes.resend.POST, { id: document.id, recipientId: ana.id })).status).toBe(202);
    await runDueJobs(world.client);
    expect((await world.client.recipient.findUniqueOrThrow({ where: { id: ana.id } })).mailError).toBeNull();
  });
});
