import 'server-only';
import type { TMember } from '@/lib/api/v1/teams';
import { db } from '@/lib/server/db/client';
import { roleName } from './team-rules';

type TMembershipRow = {
  userId: string;
  role: 'OWNER' | 'ADMIN' | 'MEMBER';
  createdAt: Date;
  user: { email: string; name: string | null };
};

export const memberView = (row: TMembershipRow): TMember => ({
  userId: row.userId,
  email: row.user.email,
  name: row.user.name,
  role: roleName(row.role),
  joinedAt: row.createdAt.toISOString(),
});

/** GET /api/v1/teams/{id}/members: owners first, then admins and members, each by when they joined. */
export async function listMembers(workspaceId: string): Promise<{ items: TMember[] }> {
  const rows = await db.membership.findMany({
    where: { workspaceId },
    orderBy: { createdAt: 'asc' },
    include: { user: { select: { email: true, name: true } } },
  });
  // Sorted here: enum order differs between the databases (declaration order on PostgreSQL, text on SQLite).
  const rank = { OWNER: 0, ADMIN: 1, MEMBER: 2 } as const;
  return {
    items: rows.sort((a, b) => rank[a.role] - rank[b.role]).map(memberView),
  };
}
