import { z } from 'zod';

/** The events a webhook may subscribe to (docs/webhooks.md), each the audit event of the same name. */
export const WEBHOOK_EVENTS = [
  'document.sent',
  'recipient.opened',
  'recipient.signed',
  'recipient.declined',
  'document.completed',
  'document.expired',
  'document.cancelled',
] as const;

export const ZWebhookEvent = z.enum(WEBHOOK_EVENTS).meta({ id: 'WebhookEvent' });

export const ZCreateWebhookBody = z
  .object({
    url: z.string().trim().min(1).max(2048).meta({
      description: 'https (http only for hosts the operator allows in OUTBOUND_ALLOW_HOSTS); never a private address',
    }),
    events: z
      .array(ZWebhookEvent)
      .min(1)
      .max(WEBHOOK_EVENTS.length * 2)
      .transform((events) => [...new Set(events)]),
  })
  .meta({ id: 'CreateWebhookBody' });

export const ZListWebhooksQuery = z.object({
  limit: z.coerce.number().int().min(1).max(100).default(20),
  cursor: z.string().max(200).optional(),
});

export const ZWebhookDeliveryStatus = z.enum(['pending', 'delivered', 'failed']);

export const ZWebhookDeliverySummary = z
  .object({
    id: z.string(),
    event: ZWebhookEvent,
    status: ZWebhookDeliveryStatus,
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    lastError: z.string().nullable(),
    createdAt: z.iso.datetime(),
    deliveredAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const ZWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(ZWebhookEvent),
    createdAt: z.iso.datetime(),
    active: z.boolean().meta({
      description:
        'false once disabled: the API key that registered it was revoked, and nothing is sent to it any more',
    }),
    recentDeliveries: z
      .array(ZWebhookDeliverySummary)
      .meta({ description: 'The latest deliveries, newest first (at most 10)' }),
  })
  .meta({ id: 'Webhook' });

export const ZWebhookList = z
  .object({ items: z.array(ZWebhook), nextCursor: z.string().nullable() })
  .meta({ id: 'WebhookList' });

/** Only the answer to the creation carries the signing secret, once. */
export const ZCreatedWebhook = z
  .object({
    id: z.string(),
    url: z.string(),
    events: z.array(ZWebhookEvent),
    createdAt: z.iso.datetime(),
    active: z.boolean(),
    secret: z.string(),
  })
  .meta({ id: 'CreatedWebhook' });

/** The JSON body of every delivery (the id is the delivery's, the same on every retry). */
export const ZWebhookPayload = z
  .object({
    id: z.string(),
    event: ZWebhookEvent,
    createdAt: z.iso.datetime(),
    data: z.object({
      document: z.object({ id: z.string(), name: z.string(), status: z.string() }),
      recipient: z.object({ id: z.string(), email: z.string(), name: z.string(), role: z.string() }).optional(),
    }),
  })
  .meta({ id: 'WebhookPayload' });

export type TWebhookEvent = z.infer<typeof ZWebhookEvent>;
export type TCreateWebhookBody = z.infer<typeof ZCreateWebhookBody>;
export type TWebhook = z.infer<typeof ZWebhook>;
export type TWebhookList = z.infer<typeof ZWebhookList>;
export type TListWebhooksQuery = z.infer<typeof ZListWebhooksQuery>;
export type TCreatedWebhook = z.infer<typeof ZCreatedWebhook>;
export type TWebhookPayload = z.infer<typeof ZWebhookPayload>;

export function isWebhookEvent(type: string): type is TWebhookEvent {
  return (WEBHOOK_EVENTS as readonly string[]).includes(type);
}
