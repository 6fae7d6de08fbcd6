import { ZUpdateMemberBody } from '@/lib/api/v1/teams';
import { json, parseBody } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { changeMemberRole } from '@/lib/server/teams/change-member-role';
import { removeMember } from '@/lib/server/teams/remove-member';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type TParams = { id: string; userId: string };

export const PATCH = ownerRoute<TParams>(
  'team:manage',
  async ({ request, params, owner }) => {
    const { role } = await parseBody(request, ZUpdateMemberBody, 1024);
    return json(await changeMemberRole(owner.caller, params.userId, role));
  },
  { teamParam: 'id' },
);

// A member may leave (their own id); removing someone else needs an admin, checked in removeMember.
export const DELETE = ownerRoute<TParams>(
  'team:manage',
  async ({ params, owner }) => {
    await removeMember(owner.caller, params.userId);
    return new Response(null, { status: 204 });
  },
  { role: 'member', teamParam: 'id' },
);
