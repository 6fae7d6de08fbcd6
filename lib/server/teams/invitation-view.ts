import 'server-only';
import type { TTeamInvitation } from '@/lib/api/v1/teams';
import { roleName, type TRoleRow } from './team-rules';

type TInvitationRow = {
  id: string;
  email: string;
  role: TRoleRow;
  createdAt: Date;
  expiresAt: Date;
  invitedBy: { id: string; email: string; name: string | null } | null;
};

export const invitationInclude = { invitedBy: { select: { id: true, email: true, name: true } } } as const;

/** A pending invitation is neither accepted nor revoked, and not past its expiry. */
export const pendingInvitation = (now = new Date()) => ({ acceptedAt: null, revokedAt: null, expiresAt: { gt: now } });

export const invitationView = (row: TInvitationRow): TTeamInvitation => ({
  id: row.id,
  email: row.email,
  role: roleName(row.role),
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt.toISOString(),
  invitedBy: row.invitedBy ? { userId: row.invitedBy.id, email: row.invitedBy.email, name: row.invitedBy.name } : null,
});
