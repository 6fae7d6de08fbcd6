import 'server-only';
import { db, type TDbClient, type TTransaction } from '@/lib/server/db/client';
import { lockDocument } from '../link/lock-document';
import { queueTurnInvitations } from '../notices/queue-turn-invitations';

/**
 * After a recipient finishes (the signing issue calls this after each
 * completion): when everyone of the current order group has finished, the
 * next group is invited. Does nothing for a document that is not pending, or
 * when the turn has not moved. Returns the recipients invited now.
 */
export async function advanceSigning(documentId: string, client: TDbClient = db): Promise<string[]> {
  return client.$transaction((tx) => advanceSigningIn(tx, documentId));
}

/** advanceSigning inside the caller's transaction, so a completion and the invitations it causes commit together. */
export async function advanceSigningIn(tx: TTransaction, documentId: string): Promise<string[]> {
  if (!(await lockDocument(tx, documentId))) return [];
  const document = await tx.document.findUnique({
    where: { id: documentId },
    select: { id: true, status: true, signingOrder: true },
  });
  if (document?.status !== 'PENDING') return [];
  const recipients = await tx.recipient.findMany({ where: { documentId } });
  return queueTurnInvitations(tx, document, recipients);
}
