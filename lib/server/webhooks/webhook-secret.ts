import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { getEnv } from '@/lib/env';
import { decryptBlob, encryptStream } from '@/lib/server/storage/blob-crypto';
import { loadBlobKey } from '@/lib/server/storage/blob-key';

/** A fresh signing secret: 32 random bytes, prefixed so a leaked one is recognisable in logs and scanners. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/**
 * The secret encrypted with the instance's blob key (the blob format of
 * lib/server/storage/blob-crypto.ts, as trust keys are), the webhook's id as
 * additional data so a secret copied onto another webhook does not open.
 */
export async function encryptWebhookSecret(webhookId: string, secret: string): Promise<Uint8Array<ArrayBuffer>> {
  const { encrypted } = encryptStream(
    loadBlobKey(getEnv()),
    `webhook-secret:${webhookId}`,
    Buffer.from(secret, 'utf8'),
  );
  const parts: Buffer[] = [];
  for await (const part of encrypted) parts.push(part);
  return new Uint8Array(Buffer.concat(parts));
}

export function decryptWebhookSecret(webhookId: string, encrypted: Uint8Array): string {
  return decryptBlob(loadBlobKey(getEnv()), `webhook-secret:${webhookId}`, Buffer.from(encrypted)).toString('utf8');
}

/** The Signet-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
