import 'server-only';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';
import type { TMailLocale } from '@/lib/api/v1/enums';
import { getEnv } from '@/lib/env';
import type { TDbClient, TTransaction } from '@/lib/server/db/client';

type TLinkClient = Pick<TDbClient, 'signingLink'> | Pick<TTransaction, 'signingLink'>;

/** Why a link stopped working while its recipient had not finished (the 410's reason). */
export type TRevokedReason = 'replaced' | 'cancelled' | 'expired' | 'declined';

/** What is stored of a token: its SHA-256 (a database leak yields no working link). */
export function hashSigningToken(token: string): string {
  return sha256Hex(token);
}

/**
 * The address a recipient opens, in the language of their invitation: the
 * page opens in it (English unprefixed, like every address of the site;
 * others under their prefix), and the signer may switch there.
 */
export function signingUrl(token: string, locale: TMailLocale = 'en'): string {
  return `${getEnv().appUrl}${locale === 'en' ? '' : `/${locale}`}/sign/${token}`;
}

/**
 * A fresh link for a recipient: 256 random bits, base64url. The row keeps the
 * hash only; the caller puts the token in one mail (or one API answer) and
 * nowhere else: never a log line, an audit event or a job payload.
 */
export async function issueSigningLink(client: TLinkClient, recipientId: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await client.signingLink.create({ data: { recipientId, tokenHash: hashSigningToken(token) } });
  return token;
}

/** Every working link of these recipients stops working, keeping why (answered as the 410's reason). */
export async function revokeSigningLinks(
  client: TLinkClient,
  recipientIds: string[],
  reason: TRevokedReason,
  except?: string,
): Promise<number> {
  const { count } = await client.signingLink.updateMany({
    where: {
      recipientId: { in: recipientIds },
      revokedAt: null,
      ...(except ? { tokenHash: { not: hashSigningToken(except) } } : {}),
    },
    data: { revokedAt: new Date(), revokedReason: reason },
  });
  return count;
}

/** A link whose mail could not be sent: nobody holds it, so it goes (no row to answer 410 for). */
export async function dropSigningLink(client: TLinkClient, token: string): Promise<void> {
  await client.signingLink.deleteMany({ where: { tokenHash: hashSigningToken(token) } });
}
