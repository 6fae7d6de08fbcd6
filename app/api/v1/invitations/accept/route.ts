import { ZAcceptInvitationBody } from '@/lib/api/v1/teams';
import { json, parseBody } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { acceptInvitation } from '@/lib/server/teams/accept-invitation';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /api/v1/invitations/accept {token}: joins the team as the signed-in, invited address (docs/teams.md). The
// token travels in the body, not the path, so it stays out of access logs.
export const POST = ownerRoute('session', async ({ request, owner }) => {
  const { token } = await parseBody(request, ZAcceptInvitationBody, 1024);
  return json(await acceptInvitation(owner.user, token));
});
