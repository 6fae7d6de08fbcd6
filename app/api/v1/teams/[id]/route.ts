import { ownerRoute } from '@/lib/server/http/owner-route';
import { deleteTeam } from '@/lib/server/teams/delete-team';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// DELETE /api/v1/teams/{id}: an owner deletes the team with everything in it (docs/teams.md).
export const DELETE = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => {
    await deleteTeam(owner.caller);
    return new Response(null, { status: 204 });
  },
  { role: 'owner', teamParam: 'id' },
);
