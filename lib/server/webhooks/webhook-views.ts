import 'server-only';
import type { TCreatedWebhook, TWebhook, TWebhookEvent } from '@/lib/api/v1/webhooks';
import type { Webhook, WebhookDelivery } from '@/lib/generated/prisma/sqlite/client';

/** Events are stored space-separated (SQLite has no lists). */
export const parseWebhookEvents = (events: string) => events.split(' ').filter(Boolean) as TWebhookEvent[];

export function createdWebhookView(webhook: Webhook, secret: string): TCreatedWebhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: parseWebhookEvents(webhook.events),
    createdAt: webhook.createdAt.toISOString(),
    active: webhook.active,
    secret,
  };
}

export function webhookView(webhook: Webhook & { deliveries: WebhookDelivery[] }): TWebhook {
  return {
    id: webhook.id,
    url: webhook.url,
    events: parseWebhookEvents(webhook.events),
    createdAt: webhook.createdAt.toISOString(),
    active: webhook.active,
    recentDeliveries: webhook.deliveries.map((delivery) => ({
      id: delivery.id,
      event: delivery.event as TWebhookEvent,
      status: delivery.status.toLowerCase() as 'pending' | 'delivered' | 'failed',
      attempts: delivery.attempts,
      lastStatusCode: delivery.lastStatusCode,
      lastError: delivery.lastError,
      createdAt: delivery.createdAt.toISOString(),
      deliveredAt: delivery.deliveredAt?.toISOString() ?? null,
    })),
  };
}
