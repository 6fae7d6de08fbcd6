import 'server-only';
import { randomUUID } from 'node:crypto';
import type { TCreateWebhookBody, TCreatedWebhook } from '@/lib/api/v1/webhooks';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { checkWebhookUrl } from './check-webhook-url';
import { createdWebhookView } from './webhook-views';
import { newWebhookSecret, sealWebhookSecret } from './webhook-secret';

/** Each webhook is a delivery per event: a bound keeps one owner from fanning every event out without end. */
export const MAX_WEBHOOKS_PER_OWNER = 20;

/** Registers a webhook; the answer is the only place its signing secret is ever shown. */
export async function createWebhook(ownerId: string, body: TCreateWebhookBody): Promise<TCreatedWebhook> {
  const url = checkWebhookUrl(body.url);
  const id = randomUUID();
  const secret = newWebhookSecret();
  const encryptedSecret = await sealWebhookSecret(id, secret);
  const webhook = await db.$transaction(async (tx) => {
    const count = await tx.webhook.count({ where: { ownerId } });
    if (count >= MAX_WEBHOOKS_PER_OWNER) {
      throw new AppError('CONFLICT', `You already have ${MAX_WEBHOOKS_PER_OWNER} webhooks, the most an account may have; delete one first.`);
    }
    return tx.webhook.create({ data: { id, ownerId, url: url.toString(), encryptedSecret, events: body.events.join(' ') } });
  });
  return createdWebhookView(webhook, secret);
}
