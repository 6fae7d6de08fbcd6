import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import type { TRecipient } from '@/lib/api/v1/recipients';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { recipientView } from '@/lib/server/documents/document-views';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import { finalizeDocumentJob } from '@/lib/server/finalize/jobs/finalize-document.job';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { sealingState } from '@/lib/server/signing/actions/identity-review';
import { lockDocument } from '@/lib/server/signing/link/lock-document';

/**
 * POST /api/v1/documents/{id}/recipients/{rid}/accept-identity: the owner
 * accepts that this recipient's eID vouched for another name than the one
 * they typed (EID_NAME_MISMATCH=review), with a `recipient.identity_accepted`
 * audit event naming both. When that was the last thing the document waited
 * for, it is queued for sealing in the same transaction. Accepting again
 * changes nothing (200); 404 for another user's or unknown ids; 409 where
 * there is no mismatch, or the document is no longer out for signature.
 */
export async function acceptRecipientIdentity(
  documentId: string,
  recipientId: string,
  owner: TWorkspaceCaller,
  meta: TRequestMeta,
): Promise<TRecipient> {
  return db.$transaction(
    async (tx) => {
      await lockDocument(tx, documentId);
      const document = await requireOwnedDocumentById(documentId, owner.workspaceId, tx as unknown as TDbClient);
      const recipient = await tx.recipient.findUnique({ where: { id: recipientId } });
      if (!recipient || recipient.documentId !== documentId)
        throw new AppError('NOT_FOUND', 'No such recipient on this document.');
      if (!recipient.authNameMismatchAt) {
        throw new AppError(
          'CONFLICT',
          `${recipient.name}'s identity needs no review: no eID name mismatch was recorded.`,
          { extensions: { reason: 'no_identity_mismatch' } },
        );
      }
      if (recipient.authNameAcceptedAt) return recipientView(recipient);
      if (document.status !== 'PENDING') {
        throw new AppError(
          'CONFLICT',
          `The document is ${document.status.toLowerCase()}: there is nothing left to accept.`,
          { extensions: { reason: 'not_pending' } },
        );
      }
      const now = new Date();
      const accepted = await tx.recipient.update({ where: { id: recipient.id }, data: { authNameAcceptedAt: now } });
      await appendAuditEvent(tx, {
        documentId,
        type: 'recipient.identity_accepted',
        actor: owner.actor,
        ...meta,
        at: now,
        data: {
          recipientId: recipient.id,
          email: recipient.email,
          verifiedName: recipient.authName,
          expectedName: recipient.name,
        },
      });
      if ((await sealingState(tx, documentId)).ready) {
        await enqueueJob(finalizeDocumentJob, { documentId }, { client: tx });
      }
      return recipientView(accepted);
    },
    // The same wait as a signer's completion, which takes this document's lock too.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
