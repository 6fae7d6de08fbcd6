import { ZCreateTeamBody } from '@/lib/api/v1/teams';
import { json, parseBody } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { createTeam } from '@/lib/server/teams/create-team';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /api/v1/teams: a signed-in user makes a team and becomes its owner (docs/teams.md); a key acts in its own
// workspace and cannot make another.
export const POST = ownerRoute('session', async ({ request, owner }) => {
  const { name } = await parseBody(request, ZCreateTeamBody, 4 * 1024);
  return json(await createTeam(owner.user.id, name), 201);
});
