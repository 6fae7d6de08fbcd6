import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';
import { findOwnedDocumentByToken } from './find-owned-document-by-token';
import { AppError } from '@/lib/errors';
import { readDocumentPdf, readStoredPdf, type TPdfReadDeps } from './read-document-pdf';

/**
 * The decrypted working PDF (see workingPdfBlob) of a document, for a member of
 * its workspace; null for anyone else. `body` holds a download slot until it has been read to its
 * end, cancelled, or left unread too long (see bytesBody): hand it to a
 * Response, or cancel it.
 */
export async function readOwnedDocumentPdf(
  token: string,
  userId: string,
  deps: TPdfReadDeps & { client?: TDbClient } = {},
) {
  const document = await findOwnedDocumentByToken(token, userId, deps.client ?? db);
  if (!document) return null;
  // Once sealed, retention deletes the working PDF: the workspace shows the sealed one instead.
  if (document.workingPurgedAt && document.sealedBlob && !document.sealedPurgedAt)
    return readStoredPdf(document.sealedBlob, document.name, deps);
  if (document.workingPurgedAt)
    throw new AppError('CONFLICT', "The document's files were deleted when its retention period ended.", {
      extensions: { reason: 'purged' },
    });
  return readDocumentPdf(document, deps);
}

export { bytesBody } from './bytes-body';
