import 'server-only';
import type { TMemberRole } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import type { TTransaction } from '@/lib/server/db/client';
import type { TWorkspaceAccess } from '@/lib/server/workspaces/resolve-workspace';

export type TRoleRow = 'OWNER' | 'ADMIN' | 'MEMBER';

export const roleRow = (role: TMemberRole): TRoleRow => role.toUpperCase() as TRoleRow;
export const roleName = (role: TRoleRow): TMemberRole => role.toLowerCase() as TMemberRole;

/** The team routes name a workspace in their path; a personal one is not a team, and is answered like an unknown id. */
export function assertTeam(workspace: TWorkspaceAccess): void {
  if (workspace.kind !== 'team')
    throw new AppError('NOT_FOUND', 'There is no such team, or you are not a member of it.');
}

/**
 * A team always keeps an owner: call after a change, under the workspace's row lock (so two changes cannot each
 * see the other owner still there), and the transaction rolls the change back.
 */
export async function assertOwnerRemains(tx: TTransaction, workspaceId: string): Promise<void> {
  const owners = await tx.membership.count({ where: { workspaceId, role: 'OWNER' } });
  if (owners === 0)
    throw new AppError('CONFLICT', 'A team needs at least one owner: make another member an owner first.', {
      extensions: { reason: 'LAST_OWNER' },
    });
}

/** Only an owner grants, takes away or acts on the owner role; admins manage admins and members. */
export function assertMayManage(actor: TRoleRow, ...roles: TRoleRow[]): void {
  if (actor === 'MEMBER')
    throw new AppError('FORBIDDEN', 'This needs the admin role in this team; ask one of its admins or owners.', {
      extensions: { role: 'admin' },
    });
  if (actor !== 'OWNER' && roles.includes('OWNER'))
    throw new AppError('FORBIDDEN', 'Only an owner of the team can do this to an owner.', {
      extensions: { role: 'owner' },
    });
}
