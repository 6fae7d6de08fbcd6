import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ownerSignsAlone } from '@/lib/server/signing/link/self-signing';
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

/** A draft with these recipients, each signer given a signature field, sent in parallel; every due job run. */
async function sentTo(people: { email: string; name: string; role?: string }[]) {
  const document = await draft();
  const saved = await call(routes.recipients.PUT, 'PUT', '/x', {
    params: { id: document.id },
    body: { recipients: people },
  });
  expect(saved.status).toBe(200);
  const recipients = saved.body?.recipients as { id: string; role: string }[];
  const fields = recipients
    .filter((recipient) => recipient.role === 'signer')
    .map((recipient, index) => ({ recipientId: recipient.id, type: 'signature', page: 1, x: 10, y: 10 + 60 * index }));
  expect((await call(routes.fields.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields } })).status).toBe(
    200,
  );
  const answer = await call(routes.send.POST, 'POST', '/x', {
    params: { id: document.id },
    body: { signingOrder: 'parallel' },
  });
  expect(answer.status).toBe(200);
  await runDueJobs(world.client);
  return { document, recipients, answer };
}

describe('ownerSignsAlone', () => {
  it('is true only for one signer whose email is the owner’s (case and spaces aside)', () => {
    expect(ownerSignsAlone([{ email: ' Owner@Example.com ', role: 'SIGNER' }], 'owner@example.com')).toBe(true);
    expect(ownerSignsAlone([{ email: 'owner@example.com', role: 'APPROVER' }], 'owner@example.com')).toBe(false);
    expect(ownerSignsAlone([{ email: 'ana@example.com', role: 'SIGNER' }], 'owner@example.com')).toBe(false);
    expect(
      ownerSignsAlone(
        [
          { email: 'owner@example.com', role: 'SIGNER' },
          { email: 'ana@example.com', role: 'SIGNER' },
        ],
        'owner@example.com',
      ),
    ).toBe(false);
    expect(ownerSignsAlone([], 'owner@example.com')).toBe(false);
  });
});

describe('"Only me": the owner signs alone', () => {
  it('mails no invitation; the owner’s own link (POST …/link) works and the trail says self-signing', async () => {
    const { document, recipients, answer } = await sentTo([{ email: 'Owner@Example.com', name: 'Owner' }]);
    expect(answer.body?.status).toBe('pending');
    expect(await newMails()).toEqual([]);
    const mine = recipients[0] as { id: string };
    // The turn is theirs (invited without a mail), so the link is issued at once.
    const link = await call(routes.link.POST, 'POST', '/x', { params: { id: document.id, recipientId: mine.id } });
    expect(link.status).toBe(200);
    const token = (link.body?.url as string).split('/').pop() as string;
    await expect(resolveSigningToken(token)).resolves.toBeTruthy();
    await runDueJobs(world.client);
    expect(await newMails()).toEqual([]);
    const trail = await call(routes.audit.GET, 'GET', '/x', { params: { id: document.id } });
    const events = trail.body?.events as { type: string; data: Record<string, unknown> }[];
    expect(events.find((event) => event.type === 'document.sent')?.data.selfSigning).toBe(true);
    expect(events.map((event) => event.type)).not.toContain('recipient.invited');
  });

  it('still invites the owner by mail when others sign too', async () => {
    await sentTo([
      { email: world.owner.email, name: 'Owner' },
      { email: 'ana@example.com', name: 'Ana' },
    ]);
    const mails = await newMails();
    expect(mails.map((mail) => mail.to).sort()).toEqual(['ana@example.com', world.owner.email].sort());
    expect(tokenIn(mails[0] as TOutboxMail)).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
