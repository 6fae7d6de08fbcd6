import 'server-only';
import { db } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { postWebhook, type TPostOutcome } from './post-webhook';
import { decryptWebhookSecret, webhookSignature } from './webhook-secret';

function openedSecret(webhookId: string, encrypted: Uint8Array): string | null {
  try {
    return decryptWebhookSecret(webhookId, encrypted);
  } catch {
    return null;
  }
}

export const WEBHOOK_DISABLED = 'not sent: the webhook was disabled (the API key that created it was revoked)';

/** Thrown for the runner to retry the job with its backoff. */
export class WebhookDeliveryError extends Error {
  override name = 'WebhookDeliveryError';
}

/**
 * One attempt of a delivery (the job webhook.deliver): signs the stored
 * payload afresh (a new timestamp), POSTs it and logs the attempt. 2xx ends
 * it as delivered; anything else throws so the runner retries, and after the
 * job's last attempt the delivery is failed. A delivery whose webhook was
 * deleted, or that already ended, is left alone; one whose webhook was
 * disabled ends failed without being sent.
 */
export async function deliverWebhook(
  deliveryId: string,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts' | 'signal'>,
): Promise<void> {
  const delivery = await db.webhookDelivery.findUnique({ where: { id: deliveryId }, include: { webhook: true } });
  if (!delivery || delivery.status !== 'PENDING') return;
  const { webhook } = delivery;
  // Disabled after the event was queued (its API key was revoked): nothing more leaves for it, not even a retry.
  if (!webhook.active) {
    await db.webhookDelivery.updateMany({
      where: { id: deliveryId, status: 'PENDING' },
      data: { status: 'FAILED', lastError: WEBHOOK_DISABLED },
    });
    return;
  }
  const started = Date.now();
  const secret = openedSecret(webhook.id, webhook.encryptedSecret);
  // A secret that does not open (the blob key changed) is a failed attempt like any other, so the delivery still ends.
  const outcome: TPostOutcome =
    secret === null
      ? { error: 'the signing secret cannot be decrypted (was BLOB_ENCRYPTION_KEY changed?)' }
      : await postWebhook(
          new URL(webhook.url),
          delivery.payload,
          webhookSignature(secret, delivery.payload, new Date(started)),
          context.signal,
        );
  // Stopped by a shutdown or a lost lease: the job runs again, this was no answer from the receiver.
  if (context.signal.aborted) throw new WebhookDeliveryError('delivery interrupted');
  const durationMs = Date.now() - started;

  const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
  const delivered = statusCode !== null && statusCode >= 200 && statusCode < 300;
  const error = 'error' in outcome ? outcome.error : delivered ? null : `HTTP ${statusCode}`;
  const final = !delivered && context.attempt >= context.maxAttempts;
  await db.$transaction([
    db.webhookAttempt.create({
      data: {
        deliveryId,
        at: new Date(started),
        statusCode,
        error: 'error' in outcome ? outcome.error : null,
        durationMs,
      },
    }),
    db.webhookDelivery.update({
      where: { id: deliveryId },
      data: {
        attempts: { increment: 1 },
        lastStatusCode: statusCode,
        lastError: error,
        ...(delivered ? { status: 'DELIVERED', deliveredAt: new Date() } : final ? { status: 'FAILED' } : {}),
      },
    }),
  ]);
  if (!delivered) throw new WebhookDeliveryError(`webhook ${webhook.id} delivery ${deliveryId}: ${error}`);
}
