import { ZCreateApiKeyBody } from '@/lib/api/v1/api-keys';
import { createApiKey } from '@/lib/server/api-keys/create-api-key';
import { listApiKeys } from '@/lib/server/api-keys/list-api-keys';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// In a team only its admins and owners manage keys (docs/teams.md).
export const GET = ownerRoute('session', async ({ owner }) => json({ items: await listApiKeys(owner.workspace.id) }), {
  role: 'admin',
});

export const POST = ownerRoute(
  'session',
  async ({ request, owner }) => {
    const { name, scopes, endsWithSessions } = await parseBody(request, ZCreateApiKeyBody);
    return json(
      await createApiKey(owner.user.id, name, { scopes, endsWithSessions, workspaceId: owner.workspace.id }),
      201,
    );
  },
  { role: 'admin' },
);
