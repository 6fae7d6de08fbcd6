import 'server-only';
import type { TTeamInvitation } from '@/lib/api/v1/teams';
import { db } from '@/lib/server/db/client';
import { invitationInclude, invitationView, pendingInvitation } from './invitation-view';

/** GET /api/v1/teams/{id}/invitations: the pending ones, newest first, each with who sent it. */
export async function listInvitations(workspaceId: string): Promise<{ items: TTeamInvitation[] }> {
  const rows = await db.invitation.findMany({
    where: { workspaceId, ...pendingInvitation() },
    orderBy: { createdAt: 'desc' },
    include: invitationInclude,
  });
  return { items: rows.map(invitationView) };
}
