import { json } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { listWorkspaces } from '@/lib/server/workspaces/list-workspaces';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// GET /api/v1/workspaces: the caller's workspaces, personal first (docs/teams.md).
export const GET = ownerRoute('any', async ({ owner }) => json(await listWorkspaces(owner.user.id)));
