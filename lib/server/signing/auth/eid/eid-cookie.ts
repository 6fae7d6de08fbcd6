import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { serialize } from 'cookie';
import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { readCookie } from '@/lib/http/cookies';
import { loadAuthSecret } from '@/lib/server/auth/auth-secret';
import { EID_CALLBACK_PATH } from './eid-settings';

/**
 * What the callback needs and nobody else may read: the signing token (so the
 * provider never sees it), the state, the PKCE verifier and the nonce. Kept in
 * the signer's browser, encrypted and authenticated (AES-256-GCM under a key
 * derived from the session secret), httpOnly, SameSite=Lax (the provider's
 * redirect is a top-level GET), sent only to the callback, for 10 minutes.
 * It also binds the callback to the browser that started: a provider URL
 * passed to someone else cannot finish the sign-in for this link.
 */
export const EID_COOKIE = 'signet_eid';
export const EID_FLOW_SECONDS = 10 * 60;

const ZEidFlow = z.object({
  token: z.string().min(1).max(128),
  state: z.string().min(1),
  verifier: z.string().min(1),
  nonce: z.string().min(1),
  /** Milliseconds since the epoch; the cookie's own Max-Age is not trusted. */
  expiresAt: z.number(),
});
export type TEidFlow = z.infer<typeof ZEidFlow>;

function cookieKey(): Buffer {
  const secret = loadAuthSecret(getEnv());
  return Buffer.from(hkdfSync('sha256', secret, 'signet', 'signer-eid-flow-cookie', 32));
}

export function sealEidFlow(flow: TEidFlow): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', cookieKey(), iv);
  cipher.setAAD(Buffer.from(EID_COOKIE));
  const body = Buffer.concat([cipher.update(JSON.stringify(flow), 'utf8'), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString('base64url');
}

/** The flow in the request's cookie, or null when there is none, it was altered, or it has expired. */
export function openEidFlow(request: Request, now = Date.now()): TEidFlow | null {
  const sealed = readCookie(request.headers.get('cookie'), EID_COOKIE);
  if (!sealed || sealed.length > 4096) return null;
  try {
    const bytes = Buffer.from(sealed, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', cookieKey(), bytes.subarray(0, 12));
    decipher.setAAD(Buffer.from(EID_COOKIE));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    const text = Buffer.concat([decipher.update(bytes.subarray(12, bytes.length - 16)), decipher.final()]).toString(
      'utf8',
    );
    const flow = ZEidFlow.parse(JSON.parse(text));
    return flow.expiresAt > now ? flow : null;
  } catch {
    return null;
  }
}

/** The Set-Cookie header value that stores (or, with null, clears) the flow. */
export function eidCookieHeader(sealed: string | null): string {
  return serialize(EID_COOKIE, sealed ?? '', {
    path: EID_CALLBACK_PATH,
    maxAge: sealed ? EID_FLOW_SECONDS : 0,
    httpOnly: true,
    sameSite: 'lax',
    secure: getEnv().secureCookies,
  });
}
