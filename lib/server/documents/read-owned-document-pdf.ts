import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { findOwnedDocument } from './find-owned-document';
import { readDocumentPdf, type TPdfReadDeps } from './read-document-pdf';

/**
 * The decrypted working PDF (see workingPdfBlob) of an owned document, or null
 * for anyone else. `body` holds a download slot until it has been read to its
 * end, cancelled, or left unread too long (see bytesBody): hand it to a
 * Response, or cancel it.
 */
export async function readOwnedDocumentPdf(token: string, ownerId: string, deps: TPdfReadDeps & { client?: TDbClient } = {}) {
  const document = await findOwnedDocument(token, ownerId, deps.client ?? db);
  if (!document) return null;
  return readDocumentPdf(document, deps);
}

export { bytesBody } from './bytes-body';
