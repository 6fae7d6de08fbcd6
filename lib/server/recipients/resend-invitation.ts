import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { lockDocument } from '@/lib/server/signing/link/lock-document';
import { mailInvitationJob } from '@/lib/server/signing/notices/jobs/mail-invitation.job';
import { revokeSigningLinks } from '@/lib/server/signing/link/signing-link';
import { requireTurnRecipient } from './require-turn-recipient';

/**
 * POST /api/v1/documents/{id}/recipients/{rid}/resend: the recipient's links
 * stop working now (410 replaced) and a fresh one is mailed by the
 * invitation job (the token never touches the database or this answer).
 */
export async function resendInvitation(
  documentId: string,
  recipientId: string,
  owner: TWorkspaceCaller,
  meta: TRequestMeta,
): Promise<void> {
  await db.$transaction(async (tx) => {
    await lockDocument(tx, documentId);
    const { recipient } = await requireTurnRecipient(tx, documentId, recipientId, owner.workspaceId);
    await revokeSigningLinks(tx, [recipient.id], 'replaced');
    await enqueueJob(mailInvitationJob, { recipientId: recipient.id, kind: 'resend' }, { client: tx });
    await appendAuditEvent(tx, {
      documentId,
      type: 'recipient.resend_requested',
      actor: owner.actor,
      ...meta,
      data: { recipientId: recipient.id, email: recipient.email },
    });
  });
}
