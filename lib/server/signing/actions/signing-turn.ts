import type { Recipient } from '@/lib/generated/prisma/sqlite/client';

type TTurnRecipient = Pick<Recipient, 'role' | 'status' | 'order'>;

/**
 * Whether a recipient is done with the document: signers and approvers when
 * they have signed (approved); a viewer once they have opened it (viewing is
 * all they are asked to do). cc recipients are never waited for.
 */
export function hasFinished(recipient: Pick<Recipient, 'role' | 'status'>): boolean {
  if (recipient.role === 'CC') return true;
  if (recipient.status === 'SIGNED') return true;
  return recipient.role === 'VIEWER' && recipient.status === 'OPENED';
}

/**
 * The recipients whose turn it is now. Parallel: everyone but cc who has not
 * finished. Sequential: the unfinished recipients of the lowest order number
 * that still has any (equal numbers go together); later groups wait.
 */
export function turnRecipients<R extends TTurnRecipient>(
  signingOrder: 'SEQUENTIAL' | 'PARALLEL',
  recipients: R[],
): R[] {
  const open = recipients.filter((recipient) => !hasFinished(recipient));
  if (signingOrder === 'PARALLEL' || open.length === 0) return open;
  const current = Math.min(...open.map((recipient) => recipient.order));
  return open.filter((recipient) => recipient.order === current);
}
