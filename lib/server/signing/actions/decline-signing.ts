import 'server-only';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { scheduleRetention } from '@/lib/server/finalize/schedule-retention';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { lockSigner, type TSignerLink } from '../link/lock-signer';
import { mailDeclinedJob } from '../notices/jobs/mail-declined.job';
import { mailDeclinedToOwnerJob } from '../notices/jobs/mail-declined-to-owner.job';
import { revokeSigningLinks } from '../link/signing-link';

/**
 * POST /api/v1/signing/{token}/decline: the recipient declines with a
 * reason. The recipient and the document become declined, every link of the
 * document stops working (410 declined), the owner is mailed the reason and
 * the recipients who had received a link are told; one audit event; its
 * retention is scheduled. All in
 * one transaction under the document's lock, so a decline racing a complete
 * or a cancel leaves one of them, never both.
 */
export async function declineSigning(
  signer: TSignerLink,
  reason: string,
  meta: TRequestMeta,
): Promise<{ status: 'declined' }> {
  return db.$transaction(
    async (tx) => {
      const { recipient, document } = await lockSigner(tx, signer);
      if (recipient.role === 'VIEWER' || recipient.role === 'CC') {
        throw new AppError('CONFLICT', 'A viewer cannot decline the document; only signers and approvers can.', {
          extensions: { reason: 'viewer' },
        });
      }
      const now = new Date();
      const declined = await tx.recipient.updateMany({
        where: { id: recipient.id, status: { notIn: ['SIGNED', 'DECLINED'] } },
        data: { status: 'DECLINED', declineReason: reason, declinedAt: now },
      });
      const ended = await tx.document.updateMany({
        where: { id: document.id, status: 'PENDING' },
        data: { status: 'DECLINED', mode: 'VIEW', nextReminderAt: null },
      });
      // lockSigner saw both pending under the lock: anything else is a bug, and the transaction rolls back.
      if (declined.count !== 1 || ended.count !== 1)
        throw new AppError('CONFLICT', 'The document changed meanwhile; reload it.');

      const recipients = await tx.recipient.findMany({
        where: { documentId: document.id },
        select: { id: true, role: true, sentAt: true },
      });
      await revokeSigningLinks(
        tx,
        recipients.map((other) => other.id),
        'declined',
      );
      await appendAuditEvent(tx, {
        documentId: document.id,
        type: 'recipient.declined',
        actor: `recipient:${recipient.id}`,
        ...meta,
        at: now,
        data: { recipientId: recipient.id, email: recipient.email, role: recipient.role.toLowerCase(), reason },
      });
      await enqueueJob(mailDeclinedToOwnerJob, { recipientId: recipient.id }, { client: tx });
      // Those who received a link (signed or not): theirs is dead now. Those never reached hear nothing of it.
      for (const other of recipients) {
        if (other.id !== recipient.id && other.sentAt && other.role !== 'CC')
          await enqueueJob(mailDeclinedJob, { recipientId: other.id, declinedBy: recipient.id }, { client: tx });
      }
      await scheduleRetention(tx, document.id, now);
      return { status: 'declined' as const };
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
