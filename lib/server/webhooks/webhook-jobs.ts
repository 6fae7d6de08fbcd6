import 'server-only';
import { z } from 'zod';
import { registerJobHandler } from '@/lib/server/jobs/registry';
import { deliverWebhook } from './deliver-webhook';
import { WEBHOOK_DELIVER_QUEUE } from './queue-webhook-deliveries';

const ZDeliverJob = z.object({ deliveryId: z.string() });

/** Webhook deliveries (called once per server process, lib/server/jobs/handlers.ts); retries are the runner's backoff. */
export function registerWebhookJobs(): void {
  registerJobHandler(WEBHOOK_DELIVER_QUEUE, async (payload, context) => deliverWebhook(ZDeliverJob.parse(payload).deliveryId, context));
}
