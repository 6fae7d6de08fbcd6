import 'server-only';
import { db, type TDbClient } from '@/lib/server/db/client';

/**
 * The document behind /document/{doctoken}, for a member of its workspace (whichever workspace they have open: a
 * link to a team document opens for every member); null otherwise (404, never 403: no probing).
 */
export async function findOwnedDocumentByToken(token: string, userId: string, client: TDbClient = db) {
  const document = await client.document.findUnique({
    where: { token },
    select: {
      id: true,
      token: true,
      name: true,
      status: true,
      ownerId: true,
      workspaceId: true,
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
  if (!document) return null;
  const member = await client.membership.findUnique({
    where: { workspaceId_userId: { workspaceId: document.workspaceId, userId } },
    select: { role: true },
  });
  return member ? document : null;
}
