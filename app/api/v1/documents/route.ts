import { ZListDocumentsQuery } from '@/lib/api/v1/documents';
import { listDocuments } from '@/lib/server/documents/list-documents';
import { uploadApiDocument, ZUploadJson } from '@/lib/server/documents/upload/upload-api-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { closingOnRefusal } from '@/lib/server/http/closing-on-refusal';
import { limit } from '@/lib/server/http/rate-limit';
import { ownerRoute } from '@/lib/server/http/owner-route';
import { json } from '@/lib/server/http/json';
import { jsonBody, multipartBody, unsupportedBody } from '@/lib/server/http/request-body';
import { uploaderIn } from '@/lib/server/workspaces/uploader-in';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

export const GET = ownerRoute('documents:read', async ({ request, owner }) => {
  const query = ZListDocumentsQuery.parse(Object.fromEntries(new URL(request.url).searchParams));
  return json(await listDocuments(owner.workspace.id, query));
});

// Streams the file (proxy.ts leaves /api/v1 alone); a refusal before the body is read closes the connection.
export const POST = ownerRoute('documents:write', async ({ request, owner }) =>
  closingOnRefusal(async () => {
    await limit('upload', owner.user.id);
    const body =
      multipartBody(request) ??
      jsonBody(request, ZUploadJson) ??
      unsupportedBody('Send the file as multipart/form-data (field "file"), or as JSON { name, content }.');
    return json(await uploadApiDocument(body, uploaderIn(owner.user, owner.workspace), requestMeta(request)), 201);
  }),
);
