import 'server-only';
import type { TUsage } from '@/lib/api/v1/usage';
import type { TDbClient } from '@/lib/server/db/client';
import { quotaResetDate } from '@/lib/upload/upload-failure';
import { type TQuotaOwner, uploadQuota } from './check-upload-quota';

/** GET /api/v1/usage: the month's uploads against the plan's limit, counted as the upload's own quota check counts them. */
export async function getUploadUsage(
  owner: TQuotaOwner,
  options: { client?: TDbClient; now?: Date } = {},
): Promise<TUsage> {
  const now = options.now ?? new Date();
  const { used, limit } = await uploadQuota(owner, { ...options, now });
  return {
    plan: owner.plan.toLowerCase() as TUsage['plan'],
    documents: {
      used,
      limit,
      remaining: limit === null ? null : Math.max(0, limit - used),
      resetsAt: quotaResetDate(now).toISOString(),
    },
  };
}
