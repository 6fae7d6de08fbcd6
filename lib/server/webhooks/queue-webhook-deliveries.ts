import 'server-only';
import { randomUUID } from 'node:crypto';
import { isWebhookEvent, type TWebhookPayload } from '@/lib/api/v1/webhooks';
import type { TTransaction } from '@/lib/server/db/client';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { deliverWebhookJob } from './jobs/deliver-webhook.job';
import { parseWebhookEvents } from './webhook-views';

type TAuditedEvent = { documentId: string; type: string; at: Date; data: Record<string, unknown> };

/**
 * The outbox half of an audit event: inside the transaction that writes the
 * event, one delivery per webhook of the document's owner that subscribed to
 * it, each with its job, so an event exists exactly when its deliveries do.
 * The payload is fixed here (the document as it is now) and sent as is on
 * every attempt. It names the document and the recipient, never a token, a
 * secret or a field's value.
 */
export async function queueWebhookDeliveries(tx: TTransaction, event: TAuditedEvent): Promise<void> {
  if (!isWebhookEvent(event.type)) return;
  const document = await tx.document.findUnique({
    where: { id: event.documentId },
    select: { id: true, name: true, status: true, workspaceId: true },
  });
  if (!document) return;
  const webhooks = await tx.webhook.findMany({
    where: { workspaceId: document.workspaceId, active: true },
    select: { id: true, events: true },
  });
  const subscribed = webhooks.filter((webhook) => parseWebhookEvents(webhook.events).includes(event.type as never));
  if (subscribed.length === 0) return;

  const data: TWebhookPayload['data'] = {
    document: { id: document.id, name: document.name, status: document.status.toLowerCase() },
  };
  if (event.type.startsWith('recipient.') && typeof event.data.recipientId === 'string') {
    const recipient = await tx.recipient.findUnique({
      where: { id: event.data.recipientId },
      select: { id: true, email: true, name: true, role: true },
    });
    if (recipient)
      data.recipient = {
        id: recipient.id,
        email: recipient.email,
        name: recipient.name,
        role: recipient.role.toLowerCase(),
      };
  }
  for (const webhook of subscribed) {
    const id = randomUUID();
    const payload: TWebhookPayload = { id, event: event.type, createdAt: event.at.toISOString(), data };
    await tx.webhookDelivery.create({
      data: { id, webhookId: webhook.id, event: event.type, payload: JSON.stringify(payload), createdAt: event.at },
    });
    await enqueueJob(deliverWebhookJob, { deliveryId: id }, { client: tx });
  }
}
