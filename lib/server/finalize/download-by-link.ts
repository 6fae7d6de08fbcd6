import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TDbClient } from '@/lib/server/db/client';
import { sealedFileName } from '@/lib/server/documents/download-document';
import { readStoredPdf } from '@/lib/server/documents/read-document-pdf';
import { verifyDownloadToken } from './download-link';

/**
 * GET /api/downloads/{token}: the sealed PDF a completion mail links to when
 * it is too large to attach. The token is checked first (404 forged, 410
 * expired), then the file: 410 once retention deleted it (the mail's reader
 * is told to ask the sender). No session: the signed token is the credential.
 */
export async function downloadByLink(token: string, client: TDbClient = db) {
  const claims = verifyDownloadToken(token);
  const document = await client.document.findUnique({
    where: { id: claims.documentId },
    select: { name: true, status: true, sealedBlob: true, sealedPurgedAt: true },
  });
  if (document?.status !== 'COMPLETED' || !document.sealedBlob)
    throw new AppError('NOT_FOUND', 'This download link is not valid.');
  if (document.sealedPurgedAt) {
    throw new AppError(
      'GONE',
      'The sealed PDF was deleted when its retention period ended: ask the sender for a copy.',
      { extensions: { reason: 'purged' } },
    );
  }
  return { ...(await readStoredPdf(document.sealedBlob, sealedFileName(document.name))) };
}
