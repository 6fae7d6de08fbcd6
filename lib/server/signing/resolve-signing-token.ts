import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TDbClient } from '@/lib/server/db/client';
import { hashSigningToken } from './signing-link';

export type TGoneReason = 'signed' | 'declined' | 'completed' | 'cancelled' | 'expired' | 'replaced';

/** Longest token accepted: ours are 43 characters; anything far longer is not one (and is not hashed). */
const MAX_TOKEN_LENGTH = 128;

type TResolvedRecipient = NonNullable<Awaited<ReturnType<typeof findLink>>>['recipient'];

function findLink(client: TDbClient, tokenHash: string) {
  return client.signingLink.findUnique({ where: { tokenHash }, include: { recipient: { include: { document: true } } } });
}

/** Why a link no longer works, or null while it does. The recipient's own state first: it says most to them. */
export function goneReason(
  link: { revokedAt: Date | null; revokedReason: string | null },
  recipient: Pick<TResolvedRecipient, 'status'>,
  document: Pick<TResolvedRecipient['document'], 'status' | 'expiresAt'>,
  now = new Date(),
): TGoneReason | null {
  if (recipient.status === 'SIGNED') return 'signed';
  if (recipient.status === 'DECLINED') return 'declined';
  switch (document.status) {
    case 'COMPLETED':
    case 'SEALING_FAILED':
      return 'completed';
    case 'DECLINED':
      return 'declined';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
    default:
  }
  // Past its deadline but the expiry job has not run yet: already dead.
  if (document.expiresAt && document.expiresAt <= now) return 'expired';
  if (link.revokedAt) return (link.revokedReason as TGoneReason | null) ?? 'replaced';
  if (document.status !== 'PENDING') return 'cancelled'; // a draft never has links; defensive
  return null;
}

/**
 * The recipient and document behind a signing token, for the signer's
 * endpoints (/api/v1/signing/{token}/…): 404 for a token that never existed,
 * 410 with `reason` and `documentName` for one that no longer works (API.md),
 * so the page can say why. Call it first on every signer request.
 */
export async function resolveSigningToken(token: string, client: TDbClient = db) {
  if (!token || token.length > MAX_TOKEN_LENGTH) throw new AppError('NOT_FOUND', 'No such signing link.');
  const link = await findLink(client, hashSigningToken(token));
  if (!link) throw new AppError('NOT_FOUND', 'No such signing link.');
  const { document, ...recipient } = link.recipient;
  const reason = goneReason(link, recipient, document);
  if (reason) {
    throw new AppError('GONE', `This signing link no longer works: ${reason}.`, { extensions: { reason, documentName: document.name } });
  }
  return { linkId: link.id, recipient, document };
}
