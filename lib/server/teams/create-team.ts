import 'server-only';
import { MAX_TEAMS_CREATED } from '@/lib/api/v1/teams';
import type { TWorkspace } from '@/lib/api/v1/workspaces';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockUserRow } from '@/lib/server/users/lock-user-row';

/** POST /api/v1/teams: a new team on the Free plan, with its creator as its one owner. */
export async function createTeam(userId: string, name: string): Promise<TWorkspace> {
  const team = await db.$transaction(async (tx) => {
    // Under the user's row lock parallel creations count one after another, so the bound holds.
    await lockUserRow(tx, userId);
    const owned = await tx.membership.count({ where: { userId, role: 'OWNER', workspace: { kind: 'TEAM' } } });
    if (owned >= MAX_TEAMS_CREATED)
      throw new AppError(
        'CONFLICT',
        `You own ${MAX_TEAMS_CREATED} teams, the most one person may; leave or hand one over first.`,
      );
    return tx.workspace.create({
      data: { kind: 'TEAM', name, members: { create: { userId, role: 'OWNER' } } },
      select: { id: true, name: true },
    });
  });
  return { id: team.id, name: team.name, kind: 'team', role: 'owner' };
}
