import { uploadMultipartDocument } from '@/lib/server/documents/upload/upload-document';
import { sessionUploadRoute } from '@/lib/server/http/session-upload-route';

export const runtime = 'nodejs';
export const dynamic = 'force-dynamic';

// POST /api/documents: our UI's streaming multipart upload (field "file"); answers like the legacy contract.
export const POST = sessionUploadRoute(uploadMultipartDocument, 201);
