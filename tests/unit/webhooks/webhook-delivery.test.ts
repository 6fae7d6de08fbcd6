// Webhooks end to end: a real local receiver, events raised by the real owner and signing routes, the
// real job runner delivering them (finalization with the test's prepare and seal, as the finalize tests do).
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { finalizeJobWorld } from '@/tests/unit/finalize/finalize-job-world';
import { signatureValid, webhookReceiver } from './webhook-receiver';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const receiver = webhookReceiver();
const { world, call, sent, consent, putField, complete, decline, runJobs, dueNow } = finalizeJobWorld();

let hooks: typeof import('@/app/api/v1/webhooks/route');
let session: typeof import('@/app/api/v1/signing/[token]/route');
beforeAll(async () => {
  hooks = await import('@/app/api/v1/webhooks/route');
  session = await import('@/app/api/v1/signing/[token]/route');
});
// Each test's webhooks only: a webhook left over would get the next test's events too.
afterEach(async () => void (await world.client.webhook.deleteMany({})));

async function webhook(path: string, events: string[], key?: string) {
  const answer = await call(hooks.POST, 'POST', '/api/v1/webhooks', { body: { url: receiver.url(path), events }, key });
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return { id: answer.body?.id as string, secret: answer.body?.secret as string };
}

const deliveries = (webhookId: string) =>
  world.client.webhookDelivery.findMany({
    where: { webhookId },
    orderBy: { createdAt: 'asc' },
    include: { attemptsLog: { orderBy: { at: 'asc' } } },
  });

const ana = { email: 'ana@example.com', name: 'Ana' };

describe('webhook deliveries', () => {
  it('delivers document.sent, recipient.opened, recipient.signed and document.completed, signed; a webhook for some events gets only those', async () => {
    const all = await webhook('/all', [
      'document.sent',
      'recipient.opened',
      'recipient.signed',
      'recipient.declined',
      'document.completed',
      'document.expired',
      'document.cancelled',
    ]);
    const completedOnly = await webhook('/completed', ['document.completed']);

    const { document, people, fieldIds, tokens } = await sent(
      [ana],
      [
        { to: 0, type: 'text', label: 'Company' },
        { to: 0, type: 'signature' },
      ],
    );
    const token = tokens[ana.email]!;
    expect((await call(session.GET, 'GET', '/x', { params: { token }, key: null })).status).toBe(200);
    await consent(people[0]!.id);
    expect((await putField(token, fieldIds[1]!, { signature: { kind: 'typed', text: 'Ana' } })).status).toBe(200);
    expect((await putField(token, fieldIds[0]!, { value: 'ACME Secret Corp' })).status).toBe(200);
    expect((await complete(token)).status).toBe(200);
    await runJobs();

    const atAll = receiver.at('/all');
    expect(atAll.map((request) => request.json.event)).toEqual([
      'document.sent',
      'recipient.opened',
      'recipient.signed',
      'document.completed',
    ]);
    expect(receiver.at('/completed').map((request) => request.json.event)).toEqual(['document.completed']);

    for (const [request, secret] of [
      ...atAll.map((r) => [r, all.secret] as const),
      ...receiver.at('/completed').map((r) => [r, completedOnly.secret] as const),
    ]) {
      expect(
        signatureValid(request.headers['signet-signature'] as string, secret, request.body),
        request.json.event,
      ).toBe(true);
      // The other webhook's secret does not verify it, nor does a changed body.
      expect(
        signatureValid(
          request.headers['signet-signature'] as string,
          secret === all.secret ? completedOnly.secret : all.secret,
          request.body,
        ),
      ).toBe(false);
      expect(
        signatureValid(
          request.headers['signet-signature'] as string,
          secret,
          request.body.replace('Contract', 'Contrakt'),
        ),
      ).toBe(false);
      expect(request.headers['content-type']).toBe('application/json');
      expect(request.headers['user-agent']).toMatch(/Signet/);
      expect(request.json.data.document).toEqual({ id: document.id, name: 'Contract.pdf', status: expect.any(String) });
      expect(request.body).not.toContain('ACME');
      expect(request.body).not.toContain(token);
    }
    const recipient = { id: people[0]!.id, email: ana.email, name: 'Ana', role: 'signer' };
    expect(atAll[0]!.json.data).toEqual({ document: { id: document.id, name: 'Contract.pdf', status: 'pending' } });
    expect(atAll[1]!.json.data.recipient).toEqual(recipient);
    expect(atAll[2]!.json.data.recipient).toEqual(recipient);
    expect(atAll[3]!.json.data).toEqual({ document: { id: document.id, name: 'Contract.pdf', status: 'completed' } });

    // One delivery per event and webhook, each delivered at its first attempt, its id the payload's.
    const rows = await deliveries(all.id);
    expect(rows.map((row) => row.event)).toEqual([
      'document.sent',
      'recipient.opened',
      'recipient.signed',
      'document.completed',
    ]);
    for (const [index, row] of rows.entries()) {
      expect(row).toMatchObject({ status: 'DELIVERED', attempts: 1, lastStatusCode: 200, lastError: null });
      expect(row.payload).toBe(atAll[index]!.body);
      expect(atAll[index]!.json.id).toBe(row.id);
      expect(row.attemptsLog).toMatchObject([{ statusCode: 200, error: null }]);
    }
    expect(await deliveries(completedOnly.id)).toMatchObject([{ event: 'document.completed', status: 'DELIVERED' }]);
    // One event each in the audit trail: no event without its deliveries, no delivery without its event.
    for (const type of ['document.sent', 'recipient.opened', 'recipient.signed', 'document.completed']) {
      expect(await world.client.auditEvent.count({ where: { documentId: document.id, type } }), type).toBe(1);
    }

    const listed = await call(hooks.GET, 'GET', '/api/v1/webhooks');
    const item = (listed.body?.items as { id: string; recentDeliveries: { event: string; status: string }[] }[]).find(
      (hook) => hook.id === all.id,
    );
    expect(item?.recentDeliveries.map((delivery) => [delivery.event, delivery.status])).toEqual([
      ['document.completed', 'delivered'],
      ['recipient.signed', 'delivered'],
      ['recipient.opened', 'delivered'],
      ['document.sent', 'delivered'],
    ]);
  });

  it('delivers recipient.declined, document.cancelled and document.expired with the status each leaves', async () => {
    const hook = await webhook('/endings', ['recipient.declined', 'document.cancelled', 'document.expired']);
    const bo = { email: 'bo@example.com', name: 'Bo' };
    const declined = await sent([bo], [{ to: 0, type: 'signature' }]);
    await consent(declined.people[0]!.id);
    expect((await decline(declined.tokens[bo.email]!, { reason: 'Wrong amount' })).status).toBe(200);

    const cancel = await import('@/app/api/v1/documents/[id]/cancel/route');
    const cancelled = await sent([bo], [{ to: 0, type: 'signature' }]);
    expect(
      (await call(cancel.POST, 'POST', '/x', { params: { id: cancelled.document.id }, body: { reason: 'Superseded' } }))
        .status,
    ).toBe(200);

    const expired = await sent([bo], [{ to: 0, type: 'signature' }]);
    await world.client.document.update({
      where: { id: expired.document.id },
      data: { expiresAt: new Date(Date.now() - 1000) },
    });
    const { expireDocument } = await import('@/lib/server/signing/notices/expire-document');
    expect(await expireDocument(expired.document.id)).toBe(true);
    await runJobs();

    const got = receiver
      .at('/endings')
      .map((request) => [
        request.json.event,
        request.json.data.document?.id,
        request.json.data.document?.status,
        request.json.data.recipient?.email,
      ]);
    expect(got).toEqual([
      ['recipient.declined', declined.document.id, 'declined', bo.email],
      ['document.cancelled', cancelled.document.id, 'cancelled', undefined],
      ['document.expired', expired.document.id, 'expired', undefined],
    ]);
    expect(
      receiver
        .at('/endings')
        .map((request) => request.body)
        .join(''),
    ).not.toContain('Wrong amount');
    expect((await deliveries(hook.id)).map((row) => row.status)).toEqual(['DELIVERED', 'DELIVERED', 'DELIVERED']);
  });

  it('retries a 500 with backoff: two attempts logged, the same bytes and id sent twice, then delivered', async () => {
    const flaky = await webhook('/flaky', ['document.sent']);
    receiver.answer('/flaky', 500);
    await sent([ana], [{ to: 0, type: 'signature' }]);
    const [first] = await deliveries(flaky.id);
    expect(first).toMatchObject({ status: 'PENDING', attempts: 1, lastStatusCode: 500, lastError: 'HTTP 500' });
    expect(
      await world.client.job.findMany({ where: { queue: 'webhook.deliver', payload: { contains: first!.id } } }),
    ).toMatchObject([{ status: 'QUEUED', attempts: 1 }]);

    await dueNow();
    await runJobs();
    const [row] = await deliveries(flaky.id);
    expect(row).toMatchObject({ status: 'DELIVERED', attempts: 2, lastStatusCode: 200, lastError: null });
    expect(row!.deliveredAt).not.toBeNull();
    expect(row!.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([500, 200]);
    const requests = receiver.at('/flaky');
    expect(requests).toHaveLength(2);
    expect(requests[1]!.body).toBe(requests[0]!.body);
    expect(requests[0]!.json.id).toBe(row!.id);
    for (const request of requests)
      expect(signatureValid(request.headers['signet-signature'] as string, flaky.secret, request.body)).toBe(true);
  });

  it('does not follow a redirect, and fails the delivery after the last attempt', async () => {
    const moved = await webhook('/moved', ['document.sent']);
    receiver.answer('/moved', 302, 503);
    await sent([ana], [{ to: 0, type: 'signature' }]);
    const [pending] = await deliveries(moved.id);
    // The last attempt comes sooner here than the runner's twelve.
    await world.client.job.updateMany({
      where: { queue: 'webhook.deliver', payload: { contains: pending!.id } },
      data: { maxAttempts: 2 },
    });
    await dueNow();
    await runJobs();
    const [row] = await deliveries(moved.id);
    expect(row).toMatchObject({ status: 'FAILED', attempts: 2, lastStatusCode: 503, deliveredAt: null });
    expect(row!.attemptsLog.map((attempt) => attempt.statusCode)).toEqual([302, 503]);
    expect(receiver.at('/followed')).toHaveLength(0);
    expect(
      await world.client.job.findMany({ where: { queue: 'webhook.deliver', payload: { contains: row!.id } } }),
    ).toMatchObject([{ status: 'FAILED' }]);
  });

  it('refuses at send time an address that is private now (a name may change its answer): the attempt is logged, nothing is sent', async () => {
    const { encryptWebhookSecret } = await import('@/lib/server/webhooks/webhook-secret');
    // As if a public name saved earlier now resolved to this machine: a port OUTBOUND_ALLOW_HOSTS does not list.
    const port = Number(new URL(receiver.url('/')).port);
    const id = 'rebound-webhook';
    await world.client.webhook.create({
      data: {
        id,
        ownerId: world.owner.id,
        workspaceId: world.owner.id,
        url: `http://127.0.0.1:${port + 1}/inside`,
        encryptedSecret: await encryptWebhookSecret(id, 'whsec_x'),
        events: 'document.sent',
      },
    });
    const before = receiver.received.length;
    await sent([ana], [{ to: 0, type: 'signature' }]);
    const [row] = await deliveries(id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastStatusCode: null,
      lastError: expect.stringMatching(/private network/),
    });
    expect(row!.attemptsLog).toMatchObject([{ statusCode: null, error: expect.stringMatching(/private network/) }]);
    expect(receiver.received.length).toBe(before);
  });

  it('fails a delivery whose secret no longer opens (another blob key) at its last attempt, logging why', async () => {
    const hook = await webhook('/unopenable', ['document.sent']);
    await world.client.webhook.update({ where: { id: hook.id }, data: { encryptedSecret: new Uint8Array(64) } });
    await sent([ana], [{ to: 0, type: 'signature' }]);
    const [row] = await deliveries(hook.id);
    expect(row).toMatchObject({
      status: 'PENDING',
      attempts: 1,
      lastError: expect.stringMatching(/cannot be decrypted/),
    });
    await world.client.job.updateMany({
      where: { queue: 'webhook.deliver', payload: { contains: row!.id } },
      data: { maxAttempts: 2 },
    });
    await dueNow();
    await runJobs();
    expect((await deliveries(hook.id))[0]).toMatchObject({ status: 'FAILED', attempts: 2 });
    expect(receiver.at('/unopenable')).toHaveLength(0);
  });

  it('sweeps finished deliveries (with their attempts) 30 days on; newer ones and pending ones stay', async () => {
    const hook = await webhook('/swept', ['document.sent']);
    receiver.answer('/swept', 200, 200, 500);
    for (let n = 0; n < 3; n++) await sent([ana], [{ to: 0, type: 'signature' }]);
    const [old, recent, pending] = await deliveries(hook.id);
    expect([old?.status, recent?.status, pending?.status]).toEqual(['DELIVERED', 'DELIVERED', 'PENDING']);
    const now = Date.now();
    const longAgo = new Date(now - 31 * 24 * 3600_000);
    await world.client.webhookDelivery.updateMany({
      where: { id: { in: [old!.id, pending!.id] } },
      data: { createdAt: longAgo },
    });
    const { sweepWebhookDeliveries } = await import('@/lib/server/webhooks/sweep-webhook-deliveries');
    expect(await sweepWebhookDeliveries(world.client, new Date(now))).toBeGreaterThanOrEqual(1);
    expect((await deliveries(hook.id)).map((row) => row.id).sort()).toEqual([recent!.id, pending!.id].sort());
    expect(await world.client.webhookAttempt.count({ where: { deliveryId: old!.id } })).toBe(0);
  });

  it('writes no delivery when the audit event is rolled back with its transaction (outbox)', async () => {
    const hook = await webhook('/rolled-back', ['document.cancelled']);
    const { document } = await sent([ana], [{ to: 0, type: 'signature' }]);
    const { appendAuditEvent } = await import('@/lib/server/audit/append-audit-event');
    const jobsBefore = await world.client.job.count({ where: { queue: 'webhook.deliver' } });
    await expect(
      world.client.$transaction(async (tx) => {
        await appendAuditEvent(tx, { documentId: document.id, type: 'document.cancelled', actor: 'test' });
        expect(await tx.webhookDelivery.count({ where: { webhookId: hook.id } })).toBe(1);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await deliveries(hook.id)).toHaveLength(0);
    expect(await world.client.job.count({ where: { queue: 'webhook.deliver' } })).toBe(jobsBefore);
  });
});

describe('a revoked API key', () => {
  it('disables the webhooks it registered in the same step: a queued retry is not sent, new events are not queued; other webhooks go on', async () => {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const { revokeApiKey } = await import('@/lib/server/api-keys/revoke-api-key');
    const { WEBHOOK_DISABLED } = await import('@/lib/server/webhooks/deliver-webhook');
    const leaked = await createApiKey(world.owner.id, 'leaked', { scopes: ['webhooks:manage'] });
    const spy = await webhook('/leaked', ['document.sent', 'document.cancelled'], leaked.secret);
    const kept = await webhook('/kept', ['document.sent', 'document.cancelled']);
    expect((await world.client.webhook.findUniqueOrThrow({ where: { id: spy.id } })).createdByKeyId).toBe(leaked.id);
    expect((await world.client.webhook.findUniqueOrThrow({ where: { id: kept.id } })).createdByKeyId).not.toBe(
      leaked.id,
    );

    // The first attempt fails, so a retry is queued when the key is revoked.
    receiver.answer('/leaked', 500);
    const first = await sent([ana], [{ to: 0, type: 'signature' }]);
    const [queued] = await deliveries(spy.id);
    expect(queued).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(receiver.at('/leaked')).toHaveLength(1);

    await revokeApiKey(world.owner.id, leaked.id);
    expect(await world.client.webhook.findUniqueOrThrow({ where: { id: spy.id } })).toMatchObject({ active: false });
    expect(await world.client.webhook.findUniqueOrThrow({ where: { id: kept.id } })).toMatchObject({ active: true });

    await dueNow();
    await runJobs();
    const cancel = await import('@/app/api/v1/documents/[id]/cancel/route');
    expect(
      (await call(cancel.POST, 'POST', '/x', { params: { id: first.document.id }, body: { reason: 'Leaked' } })).status,
    ).toBe(200);
    await sent([{ email: 'bo@example.com', name: 'Bo Recipient' }], [{ to: 0, type: 'signature' }]);
    await dueNow();
    await runJobs();

    // Nothing more reached the leaked webhook: not the retry, not the later events (no recipient's name either).
    expect(receiver.at('/leaked')).toHaveLength(1);
    expect(await deliveries(spy.id)).toMatchObject([
      { id: queued!.id, status: 'FAILED', attempts: 1, lastError: WEBHOOK_DISABLED },
    ]);
    expect(receiver.at('/kept').map((request) => request.json.event)).toEqual([
      'document.sent',
      'document.cancelled',
      'document.sent',
    ]);
    const listed = await call(hooks.GET, 'GET', '/api/v1/webhooks');
    const states = Object.fromEntries(
      (listed.body?.items as { id: string; active: boolean }[]).map((item) => [item.id, item.active]),
    );
    expect(states).toEqual({ [spy.id]: false, [kept.id]: true });
  });
});
