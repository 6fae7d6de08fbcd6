import { ZCreateInvitationBody } from '@/lib/api/v1/teams';
import { json, parseBody } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { limit } from '@/lib/server/http/rate-limit';
import { inviteMember } from '@/lib/server/teams/invite-member';
import { listInvitations } from '@/lib/server/teams/list-invitations';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => json(await listInvitations(owner.workspace.id)),
  { teamParam: 'id' },
);

export const POST = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ request, owner }) => {
    const body = await parseBody(request, ZCreateInvitationBody, 4 * 1024);
    // Each invitation mails an address the team chose, from this instance's domain.
    await limit('teamInvite', owner.workspace.id);
    return json(await inviteMember(owner.caller, body), 201);
  },
  { teamParam: 'id' },
);
