import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { endSigning } from '@/lib/server/signing/link/end-signing';
import { requireOwnedDocumentById } from './require-owned-document-by-id';

/**
 * POST /api/v1/documents/{id}/cancel: a pending document is cancelled with
 * the owner's reason; every link stops working and everyone invited is told
 * (jobs mail.cancelled). Only a pending document can be (409 otherwise).
 */
export async function cancelDocument(id: string, owner: TWorkspaceCaller, reason: string, meta: TRequestMeta) {
  const document = await requireOwnedDocumentById(id, owner.workspaceId);
  if (document.status !== 'PENDING')
    throw new AppError(
      'CONFLICT',
      `The document is ${document.status.toLowerCase()}: only a document out for signature can be cancelled.`,
    );
  await db.$transaction(async (tx) => {
    const now = new Date();
    const { count } = await tx.document.updateMany({
      where: { id, status: 'PENDING' },
      data: { status: 'CANCELLED', mode: 'VIEW', cancelledAt: now, cancelReason: reason, nextReminderAt: null },
    });
    if (count !== 1)
      throw new AppError('CONFLICT', 'The document changed meanwhile (signed, declined or expired); reload it.');
    await endSigning(tx, {
      documentId: id,
      notice: 'cancelled',
      actor: owner.actor,
      at: now,
      ...meta,
      data: { reason },
    });
  });
  return { id, status: 'cancelled' as const };
}
