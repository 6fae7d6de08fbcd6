import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';
import { getSigningRequest } from '@/lib/server/signing-requests/signing-request-view';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>('documents:read', async ({ params, owner }) =>
  json(await getSigningRequest(params.id, owner.workspace.id)),
);
