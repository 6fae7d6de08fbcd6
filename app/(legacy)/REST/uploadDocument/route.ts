import { uploadLegacyDocument } from '@/lib/server/documents/upload/upload-document';
import { sessionUploadRoute } from '@/lib/server/http/session-upload-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /REST/uploadDocument: the legacy contract the original client speaks, kept exactly (docs/uploads.md, Upload endpoints).
export const POST = sessionUploadRoute(uploadLegacyDocument, 200);
