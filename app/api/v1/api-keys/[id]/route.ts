import { revokeApiKey } from '@/lib/server/api-keys/revoke-api-key';
import { requireSessionOwner } from '@/lib/server/auth/require-session-owner';
import { ownerRoute } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const DELETE = ownerRoute<{ id: string }>(async ({ params, owner }) => {
  await revokeApiKey(requireSessionOwner(owner).user.id, params.id);
  return new Response(null, { status: 204 });
});
