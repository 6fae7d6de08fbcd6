import { uploadLegacyDocument } from '@/lib/server/documents/upload/upload-document';
import { requestMeta } from '@/lib/server/http/client-address';
import { formBody, unsupportedBody } from '@/lib/server/http/request-body';
import { sessionUploadRoute } from '@/lib/server/http/session-upload-route';
import { ZLegacyUploadForm } from '@/lib/upload/legacy-upload';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /REST/uploadDocument: the legacy contract the original client speaks, kept exactly (docs/uploads.md, Upload endpoints).
export const POST = sessionUploadRoute(
  (request, user) =>
    uploadLegacyDocument(
      formBody(request, ZLegacyUploadForm) ??
        unsupportedBody('Send the legacy upload as application/x-www-form-urlencoded.'),
      user,
      requestMeta(request),
    ),
  200,
);
