import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { deleteBlobs, documentBlobColumns, documentBlobKeys } from '@/lib/server/storage/delete-blobs';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';

/**
 * DELETE /api/v1/teams/{id}: an owner deletes the team and everything in it (its documents with their audit trails,
 * keys, webhooks, invitations, brand), then their files. Refused while a document is out for signature: cancelling
 * it first tells its recipients their links are dead, as deleting one document asks. Every member's next request
 * to the team is 404.
 */
export async function deleteTeam(caller: TWorkspaceCaller): Promise<{ documents: number }> {
  const { workspaceId } = caller;
  const removed = await db.$transaction(
    async (tx) => {
      await lockWorkspaceRow(tx, workspaceId);
      if ((await memberRoleNow(tx, workspaceId, caller.userId)) !== 'OWNER')
        throw new AppError('FORBIDDEN', 'Only an owner of the team can delete it.', { extensions: { role: 'owner' } });
      const pending = await tx.document.count({ where: { workspaceId, status: 'PENDING' } });
      if (pending)
        throw new AppError(
          'CONFLICT',
          `${pending} of this team's documents are out for signature; cancel them first, so their recipients are told.`,
          { extensions: { reason: 'DOCUMENTS_PENDING', pending } },
        );
      const documents = await tx.document.findMany({ where: { workspaceId }, select: documentBlobColumns });
      const { logoBlob } = await tx.workspace.findUniqueOrThrow({
        where: { id: workspaceId },
        select: { logoBlob: true },
      });
      await tx.workspace.delete({ where: { id: workspaceId } });
      return { documents, logoBlob };
    },
    { maxWait: 15_000, timeout: 60_000 },
  );
  logger.info('team deleted', { workspaceId, by: caller.userId, documents: removed.documents.length });
  await deleteBlobs([...removed.documents.flatMap(documentBlobKeys), removed.logoBlob], 'a deleted team');
  return { documents: removed.documents.length };
}
