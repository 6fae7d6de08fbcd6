import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { lockDocument } from '@/lib/server/signing/link/lock-document';
import { awaitingTurn, queueReminders } from '@/lib/server/signing/notices/schedule-reminders';
import { requireOwnedDocumentById } from './require-owned-document-by-id';

/** POST /api/v1/documents/{id}/remind: a reminder now to each recipient whose turn it is and who has not finished. */
export async function remindRecipients(id: string, owner: TWorkspaceCaller, meta: TRequestMeta): Promise<number> {
  await requireOwnedDocumentById(id, owner.workspaceId);
  return db.$transaction(async (tx) => {
    await lockDocument(tx, id);
    const document = await tx.document.findUniqueOrThrow({ where: { id } });
    if (document.status !== 'PENDING')
      throw new AppError(
        'CONFLICT',
        `The document is ${document.status.toLowerCase()}: only a document out for signature has anyone to remind.`,
      );
    const due = awaitingTurn(document.signingOrder, await tx.recipient.findMany({ where: { documentId: id } }));
    await queueReminders(tx, due);
    await appendAuditEvent(tx, {
      documentId: id,
      type: 'document.reminded',
      actor: owner.actor,
      ...meta,
      data: { recipientIds: due.map((recipient) => recipient.id) },
    });
    return due.length;
  });
}
