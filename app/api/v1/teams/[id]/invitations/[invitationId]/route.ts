import { ownerRoute } from '@/lib/server/http/owner-route';
import { revokeInvitation } from '@/lib/server/teams/revoke-invitation';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = ownerRoute<{ id: string; invitationId: string }>(
  'team:manage',
  async ({ params, owner }) => {
    await revokeInvitation(owner.caller, params.invitationId);
    return new Response(null, { status: 204 });
  },
  { teamParam: 'id' },
);
