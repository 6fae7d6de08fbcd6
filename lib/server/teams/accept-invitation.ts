import 'server-only';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockWorkspaceRow } from '@/lib/server/workspaces/lock-workspace-row';
import { workspaceView } from '@/lib/server/workspaces/resolve-workspace';
import { findInvitation } from './find-invitation';

const refusals = {
  accepted: 'This invitation has already been used.',
  revoked: 'This invitation was withdrawn; ask the team for a new one.',
  expired: 'This invitation has expired; ask the team to send it again.',
} as const;

/**
 * POST /api/v1/invitations/accept: the signed-in user joins the team with the invitation's role. The session's
 * address (verified by the identity provider at sign-in) must be the invited one; the link works once.
 */
export async function acceptInvitation(user: { id: string; email: string }, token: string): Promise<TWorkspace> {
  const membership = await db.$transaction(async (tx) => {
    const first = await findInvitation(token, tx);
    // Under the team's lock, against a revocation or a second acceptance racing this one; then read it again.
    await lockWorkspaceRow(tx, first.workspaceId);
    const invitation = await findInvitation(token, tx);
    if (invitation.state !== 'pending') throw new AppError('GONE', refusals[invitation.state]);
    if (invitation.email !== user.email.toLowerCase())
      throw new AppError(
        'FORBIDDEN',
        `This invitation is for ${invitation.email}; sign in with that address to accept it.`,
        { extensions: { reason: 'OTHER_ADDRESS' } },
      );
    await tx.invitation.update({ where: { id: invitation.id }, data: { acceptedAt: new Date() } });
    const key = { workspaceId_userId: { workspaceId: invitation.workspaceId, userId: user.id } };
    const include = { workspace: true, user: { select: { name: true, email: true } } } as const;
    // Already a member (joined through another invitation): the link is spent, the role stays as it is.
    return (
      (await tx.membership.findUnique({ where: key, include })) ??
      (await tx.membership.create({
        data: { workspaceId: invitation.workspaceId, userId: user.id, role: invitation.roleRow },
        include,
      }))
    );
  });
  const { plan: _plan, ...workspace } = workspaceView(membership);
  return workspace;
}
