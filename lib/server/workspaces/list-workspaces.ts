import 'server-only';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import { db } from '@/lib/server/db/client';
import { workspaceView } from './resolve-workspace';

/** GET /api/v1/workspaces: the caller's workspaces, personal first, then teams by name. */
export async function listWorkspaces(userId: string): Promise<{ items: TWorkspace[] }> {
  const memberships = await db.membership.findMany({
    where: { userId },
    include: { workspace: true, user: { select: { name: true, email: true } } },
  });
  const items = memberships
    .map((membership) => {
      const { plan: _plan, ...workspace } = workspaceView(membership);
      return workspace;
    })
    .sort((a, b) => Number(b.kind === 'personal') - Number(a.kind === 'personal') || a.name.localeCompare(b.name));
  return { items };
}
