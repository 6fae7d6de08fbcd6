import { json, ownerRoute } from '@/lib/server/http/owner-route';
import { getSigningRequest } from '@/lib/server/signing-requests/signing-request-view';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute<{ id: string }>('documents:read', async ({ params, owner }) => json(await getSigningRequest(params.id, owner.user.id)));
