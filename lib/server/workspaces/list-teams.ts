import 'server-only';
import { db } from '@/lib/server/db/client';

/** Every team for the administrators' page, newest first: its plan, its owners and how many members and documents. */
export async function listTeams() {
  const teams = await db.workspace.findMany({
    where: { kind: 'TEAM' },
    orderBy: { createdAt: 'desc' },
    take: 500,
    select: {
      id: true,
      name: true,
      plan: true,
      createdAt: true,
      _count: { select: { members: true, documents: true } },
      members: { where: { role: 'OWNER' }, select: { user: { select: { email: true } } }, take: 3 },
    },
  });
  return teams.map((team) => ({
    id: team.id,
    name: team.name,
    plan: team.plan,
    createdAt: team.createdAt,
    members: team._count.members,
    documents: team._count.documents,
    owners: team.members.map((member) => member.user.email),
  }));
}
