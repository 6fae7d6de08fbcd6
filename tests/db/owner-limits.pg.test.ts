// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
import { describe, expect, it, vi } from 'vitest';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const open = appDatabase('signet_limits');
let opened: ReturnType<typeof open> | undefined;
/** This file's database, made once for both tests. */
const openDatabase = () => (opened ??= open());

/** The operations under test, imported after openDatabase() so they use its client. */
async function appModules() {
  return {
    ...(await import('@/lib/server/api-keys/create-api-key')),
    ...(await import('@/lib/server/api-keys/revoke-api-key')),
    ...(await import('@/lib/server/webhooks/create-webhook')),
  };
}

const hook = (n: number) => ({ url: `https://hooks.example.com/${n}`, events: ['document.sent' as const] });
const codes = (results: PromiseSettledResult<unknown>[]) =>
  results
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => (result.reason as { code?: string }).code ?? String(result.reason));

describe('per-owner limits on PostgreSQL', () => {
  it('20 parallel key creations and 20 parallel webhook registrations end exactly at their limits', async () => {
    const db = await openDatabase();
    const { createApiKey, MAX_API_KEYS, createWebhook, MAX_WEBHOOKS_PER_WORKSPACE } = await appModules();
    const owner = await db.user.create({ data: { email: 'owner@example.com' } });

    // Five of each already, so the twenty parallel ones overshoot by five.
    for (let n = 0; n < 5; n++) await createApiKey(owner.id, `before ${n}`);
    const keys = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => createApiKey(owner.id, `parallel ${n}`)),
    );
    expect(keys.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_API_KEYS - 5);
    expect(codes(keys)).toEqual(Array(5).fill('CONFLICT'));
    expect(await db.apiKey.count({ where: { ownerId: owner.id, revokedAt: null } })).toBe(MAX_API_KEYS);

    for (let n = 0; n < 5; n++) await createWebhook({ userId: owner.id, workspaceId: owner.id }, hook(n));
    const hooks = await Promise.allSettled(
      Array.from({ length: 20 }, (_, n) => createWebhook({ userId: owner.id, workspaceId: owner.id }, hook(100 + n))),
    );
    expect(hooks.filter((result) => result.status === 'fulfilled')).toHaveLength(MAX_WEBHOOKS_PER_WORKSPACE - 5);
    expect(codes(hooks)).toEqual(Array(5).fill('CONFLICT'));
    expect(await db.webhook.count({ where: { ownerId: owner.id } })).toBe(MAX_WEBHOOKS_PER_WORKSPACE);
  });

  it('a key revoked while webhooks are being registered with it leaves none of them active', async () => {
    const db = await openDatabase();
    const { createApiKey, revokeApiKey, createWebhook } = await appModules();
    const owner = await db.user.create({ data: { email: 'racer@example.com' } });
    const key = await createApiKey(owner.id, 'leaked', { scopes: ['webhooks:manage'] });

    const registrations = Array.from({ length: 10 }, (_, n) =>
      createWebhook({ userId: owner.id, workspaceId: owner.id }, hook(n), { createdByKeyId: key.id }),
    );
    const [revoked, ...results] = await Promise.allSettled([revokeApiKey(owner.id, key.id), ...registrations]);
    expect(revoked.status).toBe('fulfilled');
    // Each registration either came before the revocation (and was disabled by it) or after (and was refused).
    expect(codes(results).every((code) => code === 'UNAUTHORIZED')).toBe(true);
    const made = await db.webhook.findMany({ where: { createdByKeyId: key.id } });
    expect(made.length).toBe(results.filter((result) => result.status === 'fulfilled').length);
    expect(made.filter((webhook) => webhook.active)).toEqual([]);
  });
});
