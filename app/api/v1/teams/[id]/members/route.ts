import { json } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { listMembers } from '@/lib/server/teams/list-members';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every member sees who else is in the team; a key needs team:manage.
export const GET = ownerRoute<{ id: string }>(
  'team:manage',
  async ({ owner }) => json(await listMembers(owner.workspace.id)),
  { role: 'member', teamParam: 'id' },
);
