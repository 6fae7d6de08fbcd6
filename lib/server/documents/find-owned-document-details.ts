import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { documentFileFacts, eventData } from './document-file-facts';
import { findOwnedDocumentByToken } from './find-owned-document-by-token';

/**
 * What the document page shows: the row plus what the file facts need (the
 * uploaded size and, once sealed, the sealed file's size and pages), which
 * only the audit events record (the Document row has no size column).
 */
export async function findOwnedDocumentDetails(token: string, userId: string, client: TDbClient = db) {
  const document = await findOwnedDocumentByToken(token, userId, client);
  if (!document) return null;
  const [uploaded, completed] = await Promise.all([
    client.auditEvent.findFirst({
      where: { documentId: document.id, type: 'document.uploaded' },
      select: { data: true },
      orderBy: { at: 'asc' },
    }),
    document.sealedSha256
      ? client.auditEvent.findFirst({
          where: { documentId: document.id, type: 'document.completed' },
          select: { data: true },
          orderBy: { at: 'desc' },
        })
      : null,
  ]);
  const original = eventData(uploaded?.data);
  const facts = documentFileFacts(
    { pageCount: document.pageCount, sealed: document.sealedSha256 !== null },
    original,
    completed ? eventData(completed.data) : null,
  );
  // `size` stays the original upload's, as before; `facts` says which file the details describe.
  return { ...document, size: facts.original?.size ?? facts.size, facts };
}
