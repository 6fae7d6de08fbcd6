import { describe, expect, it, vi } from 'vitest';
import { apiWorld } from './helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

// No SIGNER_OIDC_ISSUER here (and no `npm start` to point it at the local provider): no eID at all.
const { world, call, draft } = apiWorld();

describe('sending when this server has no eID provider', () => {
  it('refuses a recipient whose auth is oidc with a 400 naming them, and the draft stays a draft', async () => {
    const recipientsRoute = await import('@/app/api/v1/documents/[id]/recipients/route');
    const fieldsRoute = await import('@/app/api/v1/documents/[id]/fields/route');
    const sendRoute = await import('@/app/api/v1/documents/[id]/send/route');
    const document = await draft();
    const recipients = [
      { email: 'ok@example.com', name: 'Plain Paula', auth: 'email_otp' },
      { email: 'eid@example.com', name: 'Eid Ernesto', auth: 'oidc' },
    ];
    const saved = await call(recipientsRoute.PUT, 'PUT', '/x', { params: { id: document.id }, body: { recipients } });
    const ids = (saved.body?.recipients as { id: string }[]).map((recipient) => recipient.id);
    const fields = ids.map((recipientId, index) => ({
      recipientId,
      type: 'signature',
      page: 1,
      x: 10,
      y: 10 + 60 * index,
    }));
    expect((await call(fieldsRoute.PUT, 'PUT', '/x', { params: { id: document.id }, body: { fields } })).status).toBe(
      200,
    );

    const sent = await call(sendRoute.POST, 'POST', '/x', { params: { id: document.id }, body: {} });
    expect(sent.status).toBe(400);
    expect(sent.body?.errors).toEqual([
      {
        path: 'recipients.1.auth',
        message: expect.stringContaining('Eid Ernesto must confirm who they are with an eID'),
      },
    ]);
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(stored.status).toBe('DRAFT');
    expect(await world.client.signingLink.count()).toBe(0);
  });
});
