import 'server-only';
import { db } from '@/lib/server/db/client';
import { personalWorkspaceId } from '@/lib/server/workspaces/personal-workspace-id';

/** Every user for the admin list, newest first (a paged view comes with more users), with their personal workspace's plan. */
export async function listUsers() {
  const users = await db.user.findMany({
    orderBy: { createdAt: 'desc' },
    take: 500,
    select: {
      id: true,
      email: true,
      name: true,
      givenName: true,
      familyName: true,
      role: true,
      createdAt: true,
    },
  });
  const plans = await db.workspace.findMany({
    where: { id: { in: users.map((user) => personalWorkspaceId(user.id)) } },
    select: { id: true, plan: true },
  });
  const planOf = new Map(plans.map((workspace) => [workspace.id, workspace.plan]));
  return users.map((user) => ({ ...user, plan: planOf.get(personalWorkspaceId(user.id)) ?? 'FREE' }));
}
