import 'server-only';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { pendingInvitation } from './invitation-view';
import { assertMayManage } from './team-rules';

/** DELETE /api/v1/teams/{id}/invitations/{invitationId}: the link stops working at once (an owner's only by an owner). */
export async function revokeInvitation(caller: TWorkspaceCaller, invitationId: string): Promise<void> {
  const { workspaceId } = caller;
  await db.$transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const actorRole = await memberRoleNow(tx, workspaceId, caller.userId);
    const invitation = await tx.invitation.findFirst({
      where: { id: invitationId, workspaceId, ...pendingInvitation() },
      select: { role: true },
    });
    if (!invitation) throw new AppError('NOT_FOUND', 'This team has no pending invitation with this id.');
    assertMayManage(actorRole, invitation.role);
    await tx.invitation.update({ where: { id: invitationId }, data: { revokedAt: new Date() } });
  });
}
