import { json } from '@/lib/server/http/json';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { describeCaller } from '@/lib/server/workspaces/describe-caller';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// GET /api/v1/me: who calls and in which workspace (docs/teams.md); any key may ask.
export const GET = ownerRoute('any', async ({ owner }) => json(await describeCaller(owner)));
