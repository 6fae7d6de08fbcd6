import 'server-only';
import { AppError } from '@/lib/errors';
import type { Plan } from '@/lib/generated/prisma/sqlite/enums';
import { db, type TDbClient } from '@/lib/server/db/client';
import { quotaResetDate } from '@/lib/upload/upload-failure';

/**
 * Documents a plan may upload per calendar month (UTC); null is no limit. Free:
 * 5, as its pricing card says. Pro: no limit, as its pricing card promises ("Unlimited
 * documents"; a test holds the two together). Enterprise: no limit; its
 * contracts set their own terms.
 */
export const MONTHLY_DOCUMENT_LIMIT: Record<Plan, number | null> = { FREE: 5, PRO: null, ENTERPRISE: null };

export const PRICING_PATH = '/pricing';

/** True when the plan counts uploads at all (a plan without a limit has nothing to count or race for). */
export function planHasLimit(plan: Plan): boolean {
  return MONTHLY_DOCUMENT_LIMIT[plan] !== null;
}

/** The workspace whose plan and month are counted: every member's uploads count toward it. */
export type TQuotaOwner = { workspaceId: string; plan: Plan };
export type TQuota = { used: number; limit: number | null };

/** First instant of the calendar month (UTC) that holds `now`. */
export function monthStart(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
}

/**
 * How many documents the workspace's members created in it this month, deleted
 * ones included (deleting must not give an upload back), and the plan's limit.
 * Deleting takes the workspace's row lock too (delete-document.ts), so a count
 * under that lock sees each document either stored or recorded as deleted, never neither.
 */
export async function uploadQuota(
  owner: TQuotaOwner,
  options: { client?: TDbClient; now?: Date } = {},
): Promise<TQuota> {
  const limit = MONTHLY_DOCUMENT_LIMIT[owner.plan];
  const client = options.client ?? db;
  const since = monthStart(options.now ?? new Date());
  const { workspaceId } = owner;
  const stored = await client.document.count({ where: { workspaceId, createdAt: { gte: since } } });
  const deleted = await client.deletedUpload.count({ where: { workspaceId, uploadedAt: { gte: since } } });
  return { used: stored + deleted, limit };
}

/**
 * Refuses with QUOTA_EXCEEDED (and a link to pricing) when one more document would pass the plan's limit.
 * Like every 429, it says when to try again: the quota renews when the next month (UTC) starts.
 */
export async function checkUploadQuota(
  owner: TQuotaOwner,
  options: { client?: TDbClient; now?: Date } = {},
): Promise<TQuota> {
  const now = options.now ?? new Date();
  const quota = await uploadQuota(owner, { ...options, now });
  if (quota.limit !== null && quota.used >= quota.limit) {
    const plan = owner.plan.charAt(0) + owner.plan.slice(1).toLowerCase();
    throw new AppError(
      'QUOTA_EXCEEDED',
      `The ${plan} plan allows ${quota.limit} documents per month in this workspace, and all of them are used. See the plans at ${PRICING_PATH}.`,
      {
        extensions: { pricing: PRICING_PATH, limit: quota.limit, used: quota.used },
        retryAfterSeconds: (quotaResetDate(now).getTime() - now.getTime()) / 1000,
      },
    );
  }
  return quota;
}
