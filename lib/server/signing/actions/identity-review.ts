import 'server-only';
import type { TDbClient, TTransaction } from '@/lib/server/db/client';

type TRecipientClient = Pick<TDbClient, 'recipient'> | Pick<TTransaction, 'recipient'>;

/**
 * A recipient whose eID vouched for another name and whom the owner has not
 * accepted yet (EID_NAME_MISMATCH=review): while one is left, the document
 * is not sealed (docs/signer-authentication.md).
 */
export const identityReviewPending = { authNameMismatchAt: { not: null }, authNameAcceptedAt: null } as const;

/**
 * Whether the document may be sealed: every signer and approver has signed
 * (viewers and cc are not waited for) and no identity waits for the owner.
 * Read under the document's lock by whoever may queue the seal.
 */
export async function sealingState(
  client: TRecipientClient,
  documentId: string,
): Promise<{ everyoneSigned: boolean; reviewPending: boolean; ready: boolean }> {
  const recipients = client.recipient as TDbClient['recipient'];
  const [unsigned, review] = await Promise.all([
    recipients.count({ where: { documentId, role: { in: ['SIGNER', 'APPROVER'] }, status: { not: 'SIGNED' } } }),
    recipients.count({ where: { documentId, ...identityReviewPending } }),
  ]);
  return { everyoneSigned: unsigned === 0, reviewPending: review > 0, ready: unsigned === 0 && review === 0 };
}
