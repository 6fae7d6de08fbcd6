import 'server-only';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import type { TMember } from '@/lib/api/v1/teams';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { memberView } from './list-members';
import { assertMayManage, assertOwnerRemains, roleRow } from './team-rules';

/**
 * PATCH /api/v1/teams/{id}/members/{userId}: admins set admin and member; only an owner makes or unmakes an owner
 * (handing the team over is making another member owner, then stepping down). CONFLICT when no owner would remain.
 */
export async function changeMemberRole(
  caller: TWorkspaceCaller,
  memberId: string,
  role: TMemberRole,
): Promise<TMember> {
  const { workspaceId } = caller;
  const row = await db.$transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const actorRole = await memberRoleNow(tx, workspaceId, caller.userId);
    const target = await tx.membership.findUnique({
      where: { workspaceId_userId: { workspaceId, userId: memberId } },
      select: { role: true },
    });
    if (!target) throw new AppError('NOT_FOUND', 'No member of this team has this id.');
    assertMayManage(actorRole, target.role, roleRow(role));
    const updated = await tx.membership.update({
      where: { workspaceId_userId: { workspaceId, userId: memberId } },
      data: { role: roleRow(role) },
      include: { user: { select: { email: true, name: true } } },
    });
    await assertOwnerRemains(tx, workspaceId);
    // An invitation is as good as its sender's right to make it: what they can no longer grant is withdrawn.
    if (role !== 'owner')
      await tx.invitation.updateMany({
        where: {
          workspaceId,
          invitedById: memberId,
          acceptedAt: null,
          revokedAt: null,
          ...(role === 'admin' ? { role: 'OWNER' as const } : {}),
        },
        data: { revokedAt: new Date() },
      });
    return updated;
  });
  return memberView(row);
}
