import 'server-only';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import type { TTeamInvitation } from '@/lib/api/v1/teams';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { newInvitationToken } from './invitation-token';
import { invitationInclude, invitationView } from './invitation-view';
import { assertInvitable, invitationExpiry } from './invite-member';
import { mailTeamInvitation } from './mail-team-invitation';
import { assertMayManage, roleName } from './team-rules';

/**
 * POST /api/v1/teams/{id}/invitations/{invitationId}/resend: a new link (the old one stops working) and a new
 * expiry, mailed again. An expired invitation can be resent; an accepted or revoked one cannot.
 */
export async function resendTeamInvitation(caller: TWorkspaceCaller, invitationId: string): Promise<TTeamInvitation> {
  const { workspaceId } = caller;
  const link = newInvitationToken();
  const { invitation, previous, teamName, inviter } = await db.$transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    const actorRole = await memberRoleNow(tx, workspaceId, caller.userId);
    const previous = await tx.invitation.findFirst({
      where: { id: invitationId, workspaceId, acceptedAt: null, revokedAt: null },
    });
    if (!previous) throw new AppError('NOT_FOUND', 'This team has no open invitation with this id.');
    assertMayManage(actorRole, previous.role);
    // An expired one comes back to life: the bounds a new invitation meets hold for it too.
    await assertInvitable(tx, workspaceId, previous.email, previous.id);
    const invitation = await tx.invitation.update({
      where: { id: invitationId },
      data: { tokenHash: link.hash, expiresAt: invitationExpiry() },
      include: invitationInclude,
    });
    const team = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
    const inviter = await tx.user.findUniqueOrThrow({ where: { id: caller.userId } });
    return { invitation, previous, teamName: team.name, inviter };
  });
  try {
    await mailTeamInvitation({
      workspaceId,
      email: invitation.email,
      role: roleName(invitation.role),
      teamName,
      url: link.url,
      expiresAt: invitation.expiresAt,
      inviter,
    });
  } catch (error) {
    // The mailed link must be the one that works: put the previous link back (unless it changed meanwhile).
    await db.invitation.updateMany({
      where: { id: invitationId, tokenHash: link.hash },
      data: { tokenHash: previous.tokenHash, expiresAt: previous.expiresAt },
    });
    throw error;
  }
  return invitationView(invitation);
}
