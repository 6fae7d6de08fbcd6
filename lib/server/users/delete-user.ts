import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { db, type TTransaction } from '@/lib/server/db/client';
import { handOverMemberWork } from '@/lib/server/teams/hand-over-member-work';
import { assertOwnerRemains } from '@/lib/server/teams/team-rules';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { logger } from '@/lib/server/logger';
import { deleteBlobs, documentBlobColumns, documentBlobKeys } from '@/lib/server/storage/delete-blobs';

/** A user id as the admin list shows it (cuid); anything else is refused before the database is asked. */
export const ZUserId = z.string().regex(/^[a-z0-9]{20,40}$/, { error: 'Not a user id.' });

export type TDeleteUserOptions = { actorId: string; userId: string };

type TBlobKeys = Parameters<typeof documentBlobKeys>[0];

/**
 * Before the account goes, each team it is in is settled (docs/teams.md): a team with other members keeps what the
 * user made there (handOverMemberWork), and CONFLICT when the user is its last owner; a team with no one else goes
 * with the account. Returns the blobs of the teams that go.
 */
async function settleTeams(tx: TTransaction, userId: string): Promise<{ documents: TBlobKeys[]; logos: string[] }> {
  const blobs: TBlobKeys[] = [];
  const logos: string[] = [];
  const teams = await tx.membership.findMany({
    where: { userId, workspace: { kind: 'TEAM' } },
    // One order for every deletion, so two of them sharing teams take the teams' locks alike (no deadlock).
    orderBy: { workspaceId: 'asc' },
    select: { workspace: { select: { id: true, name: true, logoBlob: true } } },
  });
  for (const { workspace } of teams) {
    await lockWorkspaceRow(tx, workspace.id);
    const others = await tx.membership.count({ where: { workspaceId: workspace.id, userId: { not: userId } } });
    if (others === 0) {
      blobs.push(
        ...(await tx.document.findMany({ where: { workspaceId: workspace.id }, select: documentBlobColumns })),
      );
      if (workspace.logoBlob) logos.push(workspace.logoBlob);
      await tx.workspace.delete({ where: { id: workspace.id } });
      continue;
    }
    await tx.membership.delete({ where: { workspaceId_userId: { workspaceId: workspace.id, userId } } });
    try {
      await assertOwnerRemains(tx, workspace.id);
    } catch (error) {
      if (!(error instanceof AppError && error.code === 'CONFLICT')) throw error;
      throw new AppError(
        'CONFLICT',
        `This user is the last owner of the team "${workspace.name}": make another of its members an owner first.`,
      );
    }
    await handOverMemberWork(tx, { workspaceId: workspace.id, userId, actor: 'system', reason: 'account_deleted' });
  }
  return { documents: blobs, logos };
}

/**
 * An administrator deletes another user's account: their teams settled first
 * (settleTeams), then the user row and, by the
 * schema's cascades, their identities, documents (with recipients, fields and
 * audit trails), API keys and webhooks; then the documents' blobs, as
 * deleteDocument does (one that cannot be deleted now is left to the leftover
 * sweeper, since no row points at it). Their open sessions end at their next
 * request: requireUser finds no user. Recipients of a document out for
 * signature are not told (their links stop working).
 */
export async function deleteUser({
  actorId,
  userId,
}: TDeleteUserOptions): Promise<{ email: string; documents: number }> {
  if (actorId === userId) throw new AppError('FORBIDDEN', 'You cannot delete your own account.');
  const removed = await db.$transaction(
    async (tx) => {
      const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
      if (!user) return null;
      const { documents, logos } = await settleTeams(tx, userId);
      documents.push(...(await tx.document.findMany({ where: { ownerId: userId }, select: documentBlobColumns })));
      // deleteMany: a delete that lost a race to another one finds 0 rows instead of throwing.
      const { count } = await tx.user.deleteMany({ where: { id: userId } });
      return count === 1 ? { email: user.email, documents, logos } : null;
    },
    { maxWait: 15_000, timeout: 60_000 },
  );
  if (!removed) throw new AppError('NOT_FOUND', 'No user has this id.');
  logger.info('user deleted by an administrator', { actorId, userId, documents: removed.documents.length });
  await deleteBlobs([...removed.documents.flatMap(documentBlobKeys), ...removed.logos], 'a deleted user');
  return { email: removed.email, documents: removed.documents.length };
}
