import 'server-only';
import type { TGoneReason } from '@/lib/api/v1/signing-session';
import type { Document, Recipient } from '@/lib/generated/prisma/sqlite/client';

export type { TGoneReason };

/**
 * Every state a signing link can be in, decided here only: the signer's API
 * (410 `reason`), the signer's page and its state pages all ask this module.
 * `unknown`: no such link was ever issued (or its document was deleted).
 */
export type TSigningLinkState = 'open' | 'unknown' | TGoneReason;

export type TLinkFacts = {
  link: { revokedAt: Date | null; revokedReason: string | null };
  recipient: Pick<Recipient, 'status'>;
  document: Pick<Document, 'status' | 'expiresAt'>;
};

/**
 * Why a link no longer works, or null while it does. The document's end
 * comes first: once it is complete, declined, cancelled or expired that is
 * what the signer needs to know (a signer of a sealed document is told it is
 * complete, not to wait for the others). Then the recipient's own signature,
 * a deadline passed before the expiry job ran, and last a newer link.
 */
export function goneReason(
  link: TLinkFacts['link'],
  recipient: TLinkFacts['recipient'],
  document: TLinkFacts['document'],
  now = new Date(),
): TGoneReason | null {
  switch (document.status) {
    case 'COMPLETED':
    case 'SEALING_FAILED':
      // Everyone signed; a failed seal is retried by the owner, nothing is left for a signer to do.
      return 'completed';
    case 'DECLINED':
      return 'declined';
    case 'CANCELLED':
      return 'cancelled';
    case 'EXPIRED':
      return 'expired';
    default:
  }
  if (recipient.status === 'SIGNED') return 'signed';
  // A recipient's decline ends the document in the same transaction; kept for a row caught in between.
  if (recipient.status === 'DECLINED') return 'declined';
  // Past its deadline but the expiry job has not run yet: already dead.
  if (document.expiresAt && document.expiresAt <= now) return 'expired';
  if (link.revokedAt) return (link.revokedReason as TGoneReason | null) ?? 'replaced';
  if (document.status !== 'PENDING') return 'cancelled'; // a draft never has links; defensive
  return null;
}

/** The state of a link found (or not) by its token's hash. */
export function signingLinkState(found: TLinkFacts | null, now = new Date()): TSigningLinkState {
  if (!found) return 'unknown';
  return goneReason(found.link, found.recipient, found.document, now) ?? 'open';
}
