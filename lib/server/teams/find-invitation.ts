import 'server-only';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import type { TTransaction } from '@/lib/server/db/client';
import { db } from '@/lib/server/db/client';
import { fullName } from '@/lib/users/full-name';
import { hashInvitationToken } from './invitation-token';
import { roleName } from './team-rules';

export type TInvitationState = 'pending' | 'accepted' | 'revoked' | 'expired';

export type TInvitationPreview = {
  teamName: string;
  email: string;
  role: TMemberRole;
  inviter: string | null;
  expiresAt: Date;
  state: TInvitationState;
};

async function findByToken(client: Pick<TTransaction, 'invitation'>, token: string) {
  const row = await client.invitation.findUnique({
    where: { tokenHash: hashInvitationToken(token) },
    include: { workspace: { select: { name: true } }, invitedBy: true },
  });
  if (!row)
    throw new AppError('NOT_FOUND', 'This invitation link is not valid: it may have been replaced by a newer one.');
  return row;
}

function invitationState(
  row: { acceptedAt: Date | null; revokedAt: Date | null; expiresAt: Date },
  now = new Date(),
): TInvitationState {
  if (row.acceptedAt) return 'accepted';
  if (row.revokedAt) return 'revoked';
  return row.expiresAt <= now ? 'expired' : 'pending';
}

/** What the invitation page shows before the invited person accepts: the team, who invited, for which address. */
export async function findInvitation(
  token: string,
  client: Pick<TTransaction, 'invitation'> = db,
): Promise<TInvitationPreview & { id: string; workspaceId: string; roleRow: 'OWNER' | 'ADMIN' | 'MEMBER' }> {
  const row = await findByToken(client, token);
  return {
    id: row.id,
    workspaceId: row.workspaceId,
    roleRow: row.role,
    teamName: row.workspace.name,
    email: row.email,
    role: roleName(row.role),
    inviter: row.invitedBy ? (fullName(row.invitedBy) ?? row.invitedBy.email) : null,
    expiresAt: row.expiresAt,
    state: invitationState(row),
  };
}
