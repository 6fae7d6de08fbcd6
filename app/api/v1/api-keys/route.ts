import { ZCreateApiKeyBody } from '@/lib/api/v1/api-keys';
import { createApiKey } from '@/lib/server/api-keys/create-api-key';
import { listApiKeys } from '@/lib/server/api-keys/list-api-keys';
import { requireSessionOwner } from '@/lib/server/auth/require-session-owner';
import { json, ownerRoute, parseBody } from '@/lib/server/http/owner-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute(async ({ owner }) => json({ items: await listApiKeys(requireSessionOwner(owner).user.id) }));

export const POST = ownerRoute(async ({ request, owner }) => {
  const { user } = requireSessionOwner(owner);
  const body = await parseBody(request, ZCreateApiKeyBody);
  return json(await createApiKey(user.id, body.name), 201);
});
