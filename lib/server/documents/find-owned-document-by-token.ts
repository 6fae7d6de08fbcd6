import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';

/** The document behind /document/{doctoken}, only for its owner; null otherwise (404, never 403: no probing). */
export async function findOwnedDocumentByToken(token: string, ownerId: string, client: TDbClient = db) {
  const document = await client.document.findUnique({
    where: { token },
    select: {
      id: true,
      token: true,
      name: true,
      status: true,
      ownerId: true,
      createdAt: true,
      pageCount: true,
      originalSha256: true,
      originalBlob: true,
      currentBlob: true,
      currentSha256: true,
      sealedBlob: true,
      sealedSha256: true,
      workingPurgedAt: true,
      sealedPurgedAt: true,
    },
  });
  return document && document.ownerId === ownerId ? document : null;
}
