import { ZPatchDocumentBody } from '@/lib/api/v1/documents';
import { deleteDocument } from '@/lib/server/documents/delete-document';
import { getDocumentDetails } from '@/lib/server/documents/get-document-details';
import { updateDocumentSettings } from '@/lib/server/documents/update-document-settings';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json, parseBody } from '@/lib/server/http/json';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

type TParams = { id: string };

export const GET = ownerRoute<TParams>('documents:read', async ({ params, owner }) =>
  json(await getDocumentDetails(params.id, owner.workspace.id)),
);

export const PATCH = ownerRoute<TParams>('documents:write', async ({ request, params, owner }) => {
  const body = await parseBody(request, ZPatchDocumentBody);
  await updateDocumentSettings(params.id, owner.workspace.id, body);
  return json(await getDocumentDetails(params.id, owner.workspace.id));
});

export const DELETE = ownerRoute<TParams>('documents:write', async ({ params, owner }) => {
  await deleteDocument(params.id, owner.caller);
  return new Response(null, { status: 204 });
});
