import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';
import { acceptRecipientIdentity } from '@/lib/server/recipients/accept-recipient-identity';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string; recipientId: string }>(
  'documents:write',
  async ({ request, params, owner }) =>
    json(await acceptRecipientIdentity(params.id, params.recipientId, owner.caller, requestMeta(request))),
);
