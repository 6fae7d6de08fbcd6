import { uploadMultipartDocument } from '@/lib/server/documents/upload/upload-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { multipartBody, unsupportedBody } from '@/lib/server/http/request-body';
import { sessionUploadRoute } from '@/lib/server/http/session-upload-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /api/documents: our UI's streaming multipart upload (field "file"); answers like the legacy contract.
export const POST = sessionUploadRoute(
  (request, user) =>
    uploadMultipartDocument(
      multipartBody(request) ?? unsupportedBody('Send the file as multipart/form-data.'),
      user,
      requestMeta(request),
    ),
  201,
);
