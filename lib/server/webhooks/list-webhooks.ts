import 'server-only';
import type { TWebhook } from '@/lib/api/v1/webhooks';
import { db } from '@/lib/server/db/client';
import { webhookView } from './webhook-views';

const RECENT_DELIVERIES = 10;

/** The owner's webhooks (at most MAX_WEBHOOKS_PER_OWNER, so one page), newest first, each with its latest deliveries; never a secret. */
export async function listWebhooks(ownerId: string): Promise<TWebhook[]> {
  const webhooks = await db.webhook.findMany({
    where: { ownerId },
    orderBy: [{ createdAt: 'desc' }, { id: 'asc' }],
    include: { deliveries: { orderBy: [{ createdAt: 'desc' }, { id: 'asc' }], take: RECENT_DELIVERIES } },
  });
  return webhooks.map(webhookView);
}
