import 'server-only';
import type { TSigningRequest } from '@/lib/api/v1/signing-requests';
import { db } from '@/lib/server/db/client';
import { recipientView } from '@/lib/server/documents/document-views';
import { toApiStatus } from '@/lib/api/v1/enums';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';

/** GET /api/v1/signing-requests/{id}: a sent document as the SDK sees it (its id is the document's). */
export async function getSigningRequest(id: string, workspaceId: string): Promise<TSigningRequest> {
  const document = await requireOwnedDocumentById(id, workspaceId);
  const recipients = await db.recipient.findMany({
    where: { documentId: id },
    orderBy: [{ order: 'asc' }, { createdAt: 'asc' }],
  });
  return {
    id: document.id,
    documentId: document.id,
    status: toApiStatus(document.status),
    signers: recipients.map(recipientView).map(({ id: recipientId, email, name, role, status, signedAt }) => ({
      id: recipientId,
      email,
      name,
      role,
      status,
      signedAt,
    })),
    completedAt: document.completedAt?.toISOString() ?? null,
  };
}
