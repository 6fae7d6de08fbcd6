import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLANS, PRO_ADDS } from '@/components/marketing/landing-content';
import {
  checkUploadQuota,
  MONTHLY_DOCUMENT_LIMIT,
  monthStart,
  planHasLimit,
} from '@/lib/server/documents/upload/check-upload-quota';
import type { TDbClient } from '@/lib/server/db/create-client';
import { createUploadWorld } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

type TMessages = { landing: { pricing: { plans: Record<'free' | 'pro', { features: Record<string, string> }> } } };

let client: TDbClient;
let n = 0;

async function userWithDocuments(plan: 'FREE' | 'PRO' | 'ENTERPRISE', dates: Date[]) {
  const user = await userOnPlan(client, { email: `u${n++}@example.com` }, plan);
  for (const createdAt of dates) {
    await client.document.create({
      data: {
        token: `t${n++}`,
        name: 'x.pdf',
        ownerId: user.id,
        workspaceId: user.id,
        originalBlob: 'k',
        originalSha256: 'h',
        createdAt,
      },
    });
  }
  return user;
}

beforeAll(async () => {
  ({ client } = await createUploadWorld());
});

afterAll(async () => {
  await client.$disconnect();
});

describe('checkUploadQuota', () => {
  const now = new Date('2026-11-22T08:00:00Z');
  const thisMonth = (day: number) => new Date(Date.UTC(2026, 10, day, 12));

  it('starts the month at 00:00 UTC on the 1st', () => {
    expect(monthStart(now).toISOString()).toBe('2026-11-01T00:00:00.000Z');
    expect(monthStart(new Date('2026-01-31T23:59:59Z')).toISOString()).toBe('2026-01-01T00:00:00.000Z');
  });

  it('says which plans count uploads: Free does, Pro and Enterprise do not', () => {
    expect([planHasLimit('FREE'), planHasLimit('PRO'), planHasLimit('ENTERPRISE')]).toEqual([true, false, false]);
  });

  it('lets a Free user upload the fifth document of the month', async () => {
    const user = await userWithDocuments('FREE', [1, 2, 3, 4].map(thisMonth));
    await expect(checkUploadQuota(user, { client, now })).resolves.toEqual({ used: 4, limit: 5 });
  });

  it('refuses the sixth with QUOTA_EXCEEDED and a link to pricing', async () => {
    const user = await userWithDocuments('FREE', [1, 2, 3, 4, 5].map(thisMonth));
    await expect(checkUploadQuota(user, { client, now })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      status: 429,
      detail: expect.stringContaining('Free plan allows 5 documents per month'),
      extensions: { pricing: '/pricing', limit: 5, used: 5 },
    });
  });

  it('says when to try again: when the next month starts (UTC), sent as Retry-After', async () => {
    const user = await userWithDocuments('FREE', [1, 2, 3, 4, 5].map(thisMonth));
    // 2026-11-22T08:00Z to 2026-12-01T00:00Z: 8 days and 16 hours.
    await expect(checkUploadQuota(user, { client, now })).rejects.toMatchObject({
      retryAfterSeconds: (8 * 24 + 16) * 3600,
    });
  });

  it('does not count last month, nor other owners', async () => {
    const user = await userWithDocuments('FREE', [
      new Date('2026-10-31T23:59:59Z'),
      new Date('2026-10-15T00:00:00Z'),
      thisMonth(1),
    ]);
    await userWithDocuments('FREE', [1, 2, 3, 4, 5, 6].map(thisMonth));
    await expect(checkUploadQuota(user, { client, now })).resolves.toEqual({ used: 1, limit: 5 });
  });

  it("counts a team's month across its members, on the team's plan, apart from each member's personal month", async () => {
    const [ana, bo] = [await userWithDocuments('PRO', [thisMonth(1)]), await userWithDocuments('FREE', [])];
    const team = await client.workspace.create({ data: { name: 'Crew', plan: 'FREE' } });
    for (const [member, days] of [
      [ana, [2, 3, 4]],
      [bo, [5, 6]],
    ] as const) {
      await client.membership.create({ data: { workspaceId: team.id, userId: member.id } });
      for (const day of days)
        await client.document.create({
          data: {
            token: `t${n++}`,
            name: 'x.pdf',
            ownerId: member.id,
            workspaceId: team.id,
            originalBlob: 'k',
            originalSha256: 'h',
            createdAt: thisMonth(day),
          },
        });
    }
    await expect(checkUploadQuota({ workspaceId: team.id, plan: 'FREE' }, { client, now })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      extensions: { used: 5, limit: 5 },
    });
    // Bo's own Free month is untouched by what he made in the team.
    await expect(checkUploadQuota(bo, { client, now })).resolves.toEqual({ used: 0, limit: 5 });
  });

  it("counts this month's deleted uploads too, not earlier months'", async () => {
    const user = await userWithDocuments('FREE', [1, 2].map(thisMonth));
    const deleted = [thisMonth(3), thisMonth(4), new Date('2026-10-31T23:59:59Z')];
    for (const uploadedAt of deleted)
      await client.deletedUpload.create({ data: { ownerId: user.id, workspaceId: user.id, uploadedAt } });
    await expect(checkUploadQuota(user, { client, now })).resolves.toEqual({ used: 4, limit: 5 });
    await client.deletedUpload.create({ data: { ownerId: user.id, workspaceId: user.id, uploadedAt: thisMonth(5) } });
    await expect(checkUploadQuota(user, { client, now })).rejects.toMatchObject({
      code: 'QUOTA_EXCEEDED',
      extensions: { used: 5 },
    });
  });

  it('gives Pro and Enterprise no limit', async () => {
    expect(MONTHLY_DOCUMENT_LIMIT).toEqual({ FREE: 5, PRO: null, ENTERPRISE: null });
    const pro = await userWithDocuments('PRO', [1, 2, 3, 4, 5, 6].map(thisMonth));
    await expect(checkUploadQuota(pro, { client, now })).resolves.toEqual({ used: 6, limit: null });
    const enterprise = await userWithDocuments('ENTERPRISE', [1, 2, 3, 4, 5, 6].map(thisMonth));
    await expect(checkUploadQuota(enterprise, { client, now })).resolves.toEqual({ used: 6, limit: null });
  });

  it('enforces what the pricing cards promise, in every language', () => {
    for (const locale of ['en', 'pt', 'cs', 'es']) {
      const plans = (JSON.parse(readFileSync(`messages/${locale}.json`, 'utf8')) as TMessages).landing.pricing.plans;
      // Free: "Up to 5 documents per month" names the enforced number.
      expect(plans.free.features.documents, locale).toContain(String(MONTHLY_DOCUMENT_LIMIT.FREE));
      // Pro sells "Unlimited documents": no monthly limit may stop it.
      expect(Object.keys(plans.pro.features), locale).toContain('unlimited');
    }
    expect(MONTHLY_DOCUMENT_LIMIT.PRO).toBeNull();
  });

  it('sells as the upgrade only what Pro adds: no monthly limit, not what every plan has (audit trail and reminders)', () => {
    const pro = PLANS.find((plan) => plan.key === 'pro')!;
    for (const feature of PRO_ADDS) expect(pro.features as readonly string[]).toContain(feature);
    expect(PRO_ADDS).toContain('unlimited');
    expect(MONTHLY_DOCUMENT_LIMIT.FREE).not.toBeNull();
    expect(PRO_ADDS as readonly string[]).not.toContain('audit');
  });
});
