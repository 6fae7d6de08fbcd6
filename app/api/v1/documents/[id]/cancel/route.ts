import { ZCancelBody } from '@/lib/api/v1/documents';
import { cancelDocument } from '@/lib/server/documents/cancel-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const POST = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  const { reason } = await parseBody(request, ZCancelBody);
  return json(await cancelDocument(params.id, owner.caller, reason, requestMeta(request)));
});
