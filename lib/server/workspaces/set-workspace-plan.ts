import 'server-only';
import type { plans } from '@/lib/api/v1/usage';
import { AppError } from '@/lib/errors';
import type { TDbClient } from '@/lib/server/db/client';
import { personalWorkspaceId } from './personal-workspace-id';

export type TPlan = (typeof plans)[number];

export type TPlanChange = {
  workspaceId: string;
  kind: 'PERSONAL' | 'TEAM';
  /** A team's name; for a personal workspace its user's email, the address the operator knows them by. */
  name: string;
  plan: TPlan;
  previous: TPlan;
};

/**
 * Sets a workspace's plan, for the operator until billing exists (`npm run admin -- plan`). `target` is a
 * workspace id, or a user's email for their personal workspace (ids never hold an `@`). Each request reads the
 * plan when it resolves its workspace, so the new one applies from the next request.
 */
export async function setWorkspacePlan(client: TDbClient, target: string, plan: TPlan): Promise<TPlanChange> {
  const wanted = target.trim();
  let workspaceId = wanted;
  if (wanted.includes('@')) {
    const user = await client.user.findUnique({ where: { email: wanted.toLowerCase() }, select: { id: true } });
    if (!user) throw new AppError('NOT_FOUND', `no workspace or user ${wanted}`);
    workspaceId = personalWorkspaceId(user.id);
  }
  const workspace = await client.workspace.findUnique({
    where: { id: workspaceId },
    include: { members: { where: { role: 'OWNER' }, take: 1, include: { user: { select: { email: true } } } } },
  });
  if (!workspace) throw new AppError('NOT_FOUND', `no workspace or user ${wanted}`);
  const stored = plan.toUpperCase() as Uppercase<TPlan>;
  if (workspace.plan !== stored) await client.workspace.update({ where: { id: workspaceId }, data: { plan: stored } });
  return {
    workspaceId,
    kind: workspace.kind,
    name: workspace.kind === 'PERSONAL' ? (workspace.members[0]?.user.email ?? '') : workspace.name,
    plan,
    previous: workspace.plan.toLowerCase() as TPlan,
  };
}
