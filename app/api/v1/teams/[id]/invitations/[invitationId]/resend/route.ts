import { json } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { limit } from '@/lib/server/http/rate-limit';
import { resendTeamInvitation } from '@/lib/server/teams/resend-team-invitation';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string; invitationId: string }>(
  'team:manage',
  async ({ params, owner }) => {
    await limit('teamInvite', owner.workspace.id);
    return json(await resendTeamInvitation(owner.caller, params.invitationId));
  },
  { teamParam: 'id' },
);
