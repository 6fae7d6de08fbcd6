import 'server-only';
import type { TMemberRole, TWorkspace } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import type { Plan } from '@/lib/generated/prisma/sqlite/client';
import { db } from '@/lib/server/db/client';
import { personalWorkspaceId } from './personal-workspace-id';

/** A workspace as one of its members acts in it, with its plan (the quota every member's uploads count toward). */
export type TWorkspaceAccess = TWorkspace & { role: TMemberRole; plan: Plan };

type TMembershipRow = {
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  user: { name: string | null; email: string };
  workspace: { id: string; kind: 'PERSONAL' | 'TEAM'; name: string; plan: Plan };
};

/** The workspace as the member sees it: a personal one is named after its user. */
export function workspaceView({ role, user, workspace }: TMembershipRow): TWorkspaceAccess {
  const personal = workspace.kind === 'PERSONAL';
  return {
    id: workspace.id,
    name: personal ? user.name || user.email : workspace.name,
    kind: personal ? 'personal' : 'team',
    role: role.toLowerCase() as TMemberRole,
    plan: workspace.plan,
  };
}

/**
 * The workspace `userId` acts in: `workspaceId`, or their personal one when none is named. One the user is not a
 * member of (unknown, left, removed) is NOT_FOUND, the answer an unknown id gets, so membership cannot be probed.
 */
export async function resolveWorkspace(userId: string, workspaceId?: string | null): Promise<TWorkspaceAccess> {
  const membership = await db.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: workspaceId ?? personalWorkspaceId(userId), userId } },
    include: { workspace: true, user: { select: { name: true, email: true } } },
  });
  if (!membership) throw new AppError('NOT_FOUND', 'There is no such workspace, or you are not a member of it.');
  return workspaceView(membership);
}
