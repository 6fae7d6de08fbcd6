import 'server-only';
import { createHmac, randomBytes } from 'node:crypto';
import { decryptValue, encryptValue } from '@/lib/server/storage/value-crypto';

/** A fresh signing secret: 32 random bytes, prefixed so a leaked one is recognisable in logs and scanners. */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

/** The secret encrypted at rest (storage/value-crypto.ts), bound to the webhook's id: a secret copied onto another webhook does not open. */
export function encryptWebhookSecret(webhookId: string, secret: string): Promise<Uint8Array<ArrayBuffer>> {
  return encryptValue(`webhook-secret:${webhookId}`, Buffer.from(secret, 'utf8'));
}

export function decryptWebhookSecret(webhookId: string, encrypted: Uint8Array): string {
  return decryptValue(`webhook-secret:${webhookId}`, encrypted).toString('utf8');
}

/** The Signet-Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. */
export function webhookSignature(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}
