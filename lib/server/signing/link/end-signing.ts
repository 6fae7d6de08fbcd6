import 'server-only';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { scheduleRetention } from '@/lib/server/finalize/schedule-retention';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { mailCancelledJob } from '../notices/jobs/mail-cancelled.job';
import { mailExpiredJob } from '../notices/jobs/mail-expired.job';
import { revokeSigningLinks } from './signing-link';
import type { TTransaction } from '@/lib/server/db/client';

type TEnd = {
  documentId: string;
  notice: 'cancelled' | 'expired';
  actor: string;
  /** When it ended: its retention counts from here. */
  at: Date;
  ip?: string | null;
  userAgent?: string | null;
  data?: Record<string, unknown>;
};

/**
 * The shared end of a pending document that will not be signed (cancel,
 * expiry), inside the transaction that changed its status: every link stops
 * working, the event is recorded, everyone who was invited is told, and its
 * retention is scheduled.
 */
export async function endSigning(tx: TTransaction, end: TEnd): Promise<void> {
  const recipients = await tx.recipient.findMany({
    where: { documentId: end.documentId },
    select: { id: true, role: true, invitedAt: true },
  });
  await revokeSigningLinks(
    tx,
    recipients.map((recipient) => recipient.id),
    end.notice,
  );
  await appendAuditEvent(tx, {
    documentId: end.documentId,
    type: `document.${end.notice}`,
    actor: end.actor,
    ip: end.ip,
    userAgent: end.userAgent,
    data: end.data,
  });
  const job = end.notice === 'cancelled' ? mailCancelledJob : mailExpiredJob;
  for (const recipient of recipients) {
    if (recipient.invitedAt && recipient.role !== 'CC')
      await enqueueJob(job, { recipientId: recipient.id, notice: end.notice }, { client: tx });
  }
  await scheduleRetention(tx, end.documentId, end.at);
}
