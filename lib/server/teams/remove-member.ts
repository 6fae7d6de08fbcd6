import 'server-only';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { handOverMemberWork } from './hand-over-member-work';
import { assertMayManage, assertOwnerRemains } from './team-rules';

/**
 * DELETE /api/v1/teams/{id}/members/{userId}: a member leaves (their own id) or an admin removes them (an owner
 * only by an owner). Access ends with the commit: every request resolves membership afresh. CONFLICT when it would
 * leave the team without an owner.
 */
export async function removeMember(caller: TWorkspaceCaller, memberId: string): Promise<void> {
  const { workspaceId } = caller;
  await db.$transaction(
    async (tx) => {
      // One change to a team's members at a time: the last-owner rule counts what the others committed.
      await lockWorkspaceRow(tx, workspaceId);
      const actorRole = await memberRoleNow(tx, workspaceId, caller.userId);
      const target = await tx.membership.findUnique({
        where: { workspaceId_userId: { workspaceId, userId: memberId } },
        select: { role: true },
      });
      if (!target) throw new AppError('NOT_FOUND', 'No member of this team has this id.');
      if (memberId !== caller.userId) assertMayManage(actorRole, target.role);
      else if ((await tx.membership.count({ where: { workspaceId } })) === 1)
        throw new AppError('CONFLICT', 'You are the only member of this team, so it cannot be left.', {
          extensions: { reason: 'LAST_OWNER' },
        });
      await tx.membership.delete({ where: { workspaceId_userId: { workspaceId, userId: memberId } } });
      await assertOwnerRemains(tx, workspaceId);
      await handOverMemberWork(tx, {
        workspaceId,
        userId: memberId,
        actor: caller.actor,
        reason: memberId === caller.userId ? 'left' : 'removed',
      });
    },
    { maxWait: 15_000, timeout: 60_000 },
  );
}
