import 'server-only';
import { memberRoleNow } from '@/lib/server/workspaces/member-role-now';
import { INVITATION_TTL_DAYS, MAX_PENDING_INVITATIONS, type TTeamInvitation } from '@/lib/api/v1/teams';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import { db, type TTransaction } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { newInvitationToken } from './invitation-token';
import { invitationInclude, invitationView, pendingInvitation } from './invitation-view';
import { mailTeamInvitation } from './mail-team-invitation';
import { assertMayManage, roleRow } from './team-rules';

/**
 * One pending invitation per address, none for a member, at most MAX_PENDING_INVITATIONS pending (`except`: the
 * invitation being renewed). Under the team's row lock.
 */
export async function assertInvitable(tx: TTransaction, workspaceId: string, email: string, except?: string) {
  const member = await tx.membership.findFirst({ where: { workspaceId, user: { email } } });
  if (member) throw new AppError('CONFLICT', `${email} is already a member of this team.`);
  const pending = await tx.invitation.findMany({
    where: { workspaceId, ...pendingInvitation(), ...(except ? { id: { not: except } } : {}) },
    select: { email: true },
  });
  if (pending.some((row) => row.email === email))
    throw new AppError('CONFLICT', `${email} is already invited; resend or revoke that invitation instead.`);
  if (pending.length >= MAX_PENDING_INVITATIONS)
    throw new AppError(
      'CONFLICT',
      `This team has ${MAX_PENDING_INVITATIONS} pending invitations, the most it may; revoke some or wait for them to be accepted.`,
    );
}

export const invitationExpiry = (now = new Date()) => new Date(now.getTime() + INVITATION_TTL_DAYS * 86_400_000);

/**
 * POST /api/v1/teams/{id}/invitations: invites an address (admins; an owner only by an owner) and mails the
 * single-use link. One pending invitation per address (resend renews it); at most MAX_PENDING_INVITATIONS.
 */
export async function inviteMember(
  caller: TWorkspaceCaller,
  body: { email: string; role: TMemberRole },
): Promise<TTeamInvitation> {
  const { workspaceId } = caller;
  const link = newInvitationToken();
  const { invitation, teamName, inviter } = await db.$transaction(async (tx) => {
    await lockWorkspaceRow(tx, workspaceId);
    assertMayManage(await memberRoleNow(tx, workspaceId, caller.userId), roleRow(body.role));
    await assertInvitable(tx, workspaceId, body.email);
    const invitation = await tx.invitation.create({
      data: {
        workspaceId,
        email: body.email,
        role: roleRow(body.role),
        tokenHash: link.hash,
        invitedById: caller.userId,
        expiresAt: invitationExpiry(),
      },
      include: invitationInclude,
    });
    const team = await tx.workspace.findUniqueOrThrow({ where: { id: workspaceId }, select: { name: true } });
    const inviter = await tx.user.findUniqueOrThrow({ where: { id: caller.userId } });
    return { invitation, teamName: team.name, inviter };
  });
  try {
    await mailTeamInvitation({
      ...body,
      workspaceId,
      teamName,
      url: link.url,
      expiresAt: invitation.expiresAt,
      inviter,
    });
  } catch (error) {
    // An invitation nobody received would only block inviting the address again.
    await db.invitation.deleteMany({ where: { id: invitation.id } });
    throw error;
  }
  return invitationView(invitation);
}
