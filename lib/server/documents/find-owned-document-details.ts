import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { findOwnedDocument } from './find-owned-document';

/**
 * What the document page shows: the row plus the uploaded file's size, which
 * only the "uploaded" audit event records (the Document row has no size column).
 */
export async function findOwnedDocumentDetails(token: string, ownerId: string, client: TDbClient = db) {
  const document = await findOwnedDocument(token, ownerId, client);
  if (!document) return null;
  const uploaded = await client.auditEvent.findFirst({
    where: { documentId: document.id, type: 'document.uploaded' },
    select: { data: true },
    orderBy: { at: 'asc' },
  });
  return { ...document, size: uploadedSize(uploaded?.data) };
}

function uploadedSize(data: unknown): number | null {
  try {
    const parsed: unknown = typeof data === 'string' ? JSON.parse(data) : data;
    const size = (parsed as { size?: unknown } | null)?.size;
    return typeof size === 'number' && Number.isFinite(size) ? size : null;
  } catch {
    return null;
  }
}
