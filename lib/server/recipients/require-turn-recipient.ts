import 'server-only';
import { AppError } from '@/lib/errors';
import type { TDbClient, TTransaction } from '@/lib/server/db/client';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import { hasFinished } from '@/lib/server/signing/actions/signing-turn';

/**
 * The recipient of an owned, pending document whose turn has come and who
 * has not finished: the only one a fresh link is for. 404 for another user's
 * or unknown ids; 409 for the wrong state. Reads inside the caller's
 * transaction, after its document lock.
 */
export async function requireTurnRecipient(
  tx: TTransaction,
  documentId: string,
  recipientId: string,
  workspaceId: string,
) {
  const document = await requireOwnedDocumentById(documentId, workspaceId, tx as unknown as TDbClient);
  const recipient = await tx.recipient.findUnique({ where: { id: recipientId } });
  if (!recipient || recipient.documentId !== documentId)
    throw new AppError('NOT_FOUND', 'No such recipient on this document.');
  if (document.status !== 'PENDING')
    throw new AppError('CONFLICT', `The document is ${document.status.toLowerCase()}: its links cannot change.`);
  if (recipient.role === 'CC')
    throw new AppError('CONFLICT', 'A cc recipient has no signing link; they receive the completed document.');
  if (hasFinished(recipient)) throw new AppError('CONFLICT', `${recipient.name} has already finished.`);
  if (!recipient.invitedAt)
    throw new AppError(
      'CONFLICT',
      `It is not ${recipient.name}'s turn yet: they are invited when the recipients before them have signed.`,
    );
  return { document, recipient };
}
