import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/**
 * One webhook delivery (its payload was fixed when the event was written).
 * With the runner's backoff (2 s doubling, capped at 10 min), 12 attempts span about 37 minutes.
 */
export const deliverWebhookJob = defineJob({
  queue: 'webhook.deliver',
  schema: z.object({ deliveryId: z.string() }),
  maxAttempts: 12,
  async handler(payload, context) {
    const { deliverWebhook } = await import('../deliver-webhook');
    await deliverWebhook(payload.deliveryId, context);
  },
});
