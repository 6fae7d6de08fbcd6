import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { deleteBlobs, documentBlobKeys } from '@/lib/server/storage/delete-blobs';
import { monthStart } from './upload/check-upload-quota';
import { requireOwnedDocumentById } from './require-owned-document-by-id';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';

/**
 * DELETE /api/v1/documents/{id}: the row (recipients, fields and audit trail
 * go with it) and then its blobs. A document out for signature is refused:
 * cancelling it first tells the recipients their links are dead. A blob that
 * cannot be deleted now is left to the leftover sweeper (no row points at it).
 * A document uploaded this month is recorded as a DeletedUpload, so it still
 * counts toward the monthly quota; `undoUpload` is for taking back an upload
 * whose request was refused after it (a signing request), which never counted.
 */
export async function deleteDocument(
  id: string,
  caller: Pick<TWorkspaceCaller, 'workspaceId'>,
  options: { undoUpload?: boolean; now?: Date } = {},
): Promise<void> {
  const document = await requireOwnedDocumentById(id, caller.workspaceId);
  const { ownerId } = document;
  if (document.status === 'PENDING') {
    throw new AppError('CONFLICT', 'The document is out for signature; cancel it first, so its recipients are told.');
  }
  const month = monthStart(options.now ?? new Date());
  await db.$transaction(async (tx) => {
    // The workspace's row lock, as the quota's count inside an upload takes it: that count sees
    // this document either still stored or already recorded as deleted, never neither.
    await lockWorkspaceRow(tx, document.workspaceId);
    const { count } = await tx.document.deleteMany({
      where: { id, workspaceId: caller.workspaceId, status: document.status },
    });
    if (count === 0) throw new AppError('CONFLICT', 'The document changed while it was being deleted; try again.');
    if (!options.undoUpload && document.createdAt >= month)
      await tx.deletedUpload.create({
        data: { ownerId, workspaceId: document.workspaceId, uploadedAt: document.createdAt },
      });
    // Earlier months no longer count.
    await tx.deletedUpload.deleteMany({ where: { workspaceId: document.workspaceId, uploadedAt: { lt: month } } });
  });
  await deleteBlobs(documentBlobKeys(document), 'a deleted document');
}
