import { revokeApiKey } from '@/lib/server/api-keys/revoke-api-key';
import { ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// In a team only its admins and owners manage keys (docs/teams.md).
export const DELETE = ownerRoute<{ id: string }>(
  'session',
  async ({ params, owner }) => {
    await revokeApiKey(owner.workspace.id, params.id);
    return new Response(null, { status: 204 });
  },
  { role: 'admin' },
);
