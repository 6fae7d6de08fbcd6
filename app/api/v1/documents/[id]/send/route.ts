import { ZSendBody } from '@/lib/api/v1/documents';
import { getDocumentDetails } from '@/lib/server/documents/get-document-details';
import { sendDocument } from '@/lib/server/documents/send-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// Every setting is optional (the draft's saved ones apply), so a bare POST without a body sends too.
export const POST = ownerRoute<{ id: string }>('documents:write', async ({ request, params, owner }) => {
  const body = request.headers.has('content-type') ? await parseBody(request, ZSendBody) : ZSendBody.parse({});
  await sendDocument(params.id, owner.caller, body, requestMeta(request));
  return json(await getDocumentDetails(params.id, owner.workspace.id));
});
