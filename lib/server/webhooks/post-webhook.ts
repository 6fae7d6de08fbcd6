import 'server-only';
import http from 'node:http';
import https from 'node:https';
import { isBlockedAddressError, userUrlAgent } from '@/lib/server/outbound/user-url-agent';

export const WEBHOOK_TIMEOUT_MS = 10_000;
const USER_AGENT = 'Signet-Webhooks/1';

export type TPostOutcome = { statusCode: number } | { error: string };

/**
 * One POST of a delivery's exact bytes, through the SSRF guard (the address
 * DNS answers is checked as the socket connects, so a name that turns private
 * after the webhook was saved is refused). Redirects are answers like any
 * other non-2xx: following one would let a public receiver bounce us inward.
 * The answer's body is not read: only its status counts.
 */
export function postWebhook(url: URL, body: string, signature: string, signal: AbortSignal): Promise<TPostOutcome> {
  const client = url.protocol === 'https:' ? https : http;
  const deadline = AbortSignal.any([signal, AbortSignal.timeout(WEBHOOK_TIMEOUT_MS)]);
  return new Promise((resolve) => {
    const request = client.request(url, {
      method: 'POST',
      agent: userUrlAgent(url),
      signal: deadline,
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        'user-agent': USER_AGENT,
        'signet-signature': signature,
      },
    });
    request.on('response', (response) => {
      response.resume();
      resolve({ statusCode: response.statusCode ?? 0 });
      response.destroy();
    });
    request.on('error', (error) => {
      if (deadline.aborted && !signal.aborted) resolve({ error: `no answer within ${WEBHOOK_TIMEOUT_MS / 1000} s` });
      else if (isBlockedAddressError(error))
        resolve({ error: 'the address resolves into a private network, which Signet does not send to' });
      else resolve({ error: error.message.slice(0, 500) });
    });
    request.end(body);
  });
}
