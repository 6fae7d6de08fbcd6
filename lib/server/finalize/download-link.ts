import 'server-only';
import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { getEnv } from '@/lib/env';
import { AppError } from '@/lib/errors';
import { loadAuthSecret } from '@/lib/server/auth/auth-secret';

/** How long a mailed download link works at most (it stops earlier when retention deletes the file). */
export const DOWNLOAD_LINK_MAX_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

const ZClaims = z.object({ d: z.string().min(1).max(64), r: z.string().max(64).nullable(), e: z.int().positive() });
export type TDownloadClaims = { documentId: string; recipientId: string | null; expiresAt: Date };

/** A key of its own, derived from the instance's secret: a download link can never pass for a session and the other way round. */
function linkKey(): Buffer {
  return Buffer.from(hkdfSync('sha256', loadAuthSecret(getEnv()), 'signet', 'sealed-download-link/v1', 32));
}

const mac = (payload: string) => createHmac('sha256', linkKey()).update(payload).digest();

/** When a link made now stops working: after DOWNLOAD_LINK_MAX_DAYS, or when retention deletes the file, whichever is first. */
export function downloadLinkExpiry(now: Date, purgeAt: Date | null): Date {
  const max = new Date(now.getTime() + DOWNLOAD_LINK_MAX_DAYS * DAY_MS);
  return purgeAt && purgeAt < max ? purgeAt : max;
}

/**
 * A stateless, signed and expiring download token for one document's sealed
 * PDF (for a completion mail too large to carry it): base64url(claims) "."
 * base64url(HMAC-SHA256). Nothing is stored; changing any byte breaks the MAC.
 */
export function signDownloadToken(claims: TDownloadClaims): string {
  const payload = Buffer.from(
    JSON.stringify({ d: claims.documentId, r: claims.recipientId, e: Math.floor(claims.expiresAt.getTime() / 1000) }),
  ).toString('base64url');
  return `${payload}.${mac(payload).toString('base64url')}`;
}

/** The claims of a token this instance signed; NOT_FOUND when forged or damaged, GONE when it has expired. */
export function verifyDownloadToken(token: string, now = new Date()): TDownloadClaims {
  const [payload, signature, extra] = token.split('.');
  const invalid = new AppError('NOT_FOUND', 'This download link is not valid.');
  if (!payload || !signature || extra !== undefined || token.length > 1024) throw invalid;
  const expected = mac(payload);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) throw invalid;
  let claims: z.infer<typeof ZClaims>;
  try {
    claims = ZClaims.parse(JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')));
  } catch {
    throw invalid;
  }
  if (claims.e * 1000 <= now.getTime()) {
    throw new AppError('GONE', 'This download link has expired: ask the sender for a copy of the document.', {
      extensions: { reason: 'expired' },
    });
  }
  return { documentId: claims.d, recipientId: claims.r, expiresAt: new Date(claims.e * 1000) };
}

/** The address a mail carries. */
export function downloadLinkUrl(token: string): string {
  return `${getEnv().appUrl}/api/downloads/${token}`;
}
