import 'server-only';
import { z } from 'zod';
import type { Recipient } from '@/lib/generated/prisma/sqlite/client';
import { db, type TDbClient, type TTransaction } from '@/lib/server/db/client';
import { defineJob } from '@/lib/server/jobs/define-job';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { lockDocument } from '../link/lock-document';
import { mailReminderJob } from './jobs/mail-reminder.job';
import { turnRecipients } from '../actions/signing-turn';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A recipient invited a little less than reminderDays ago is reminded too, rather than a whole period later. */
const SLACK_MS = 60 * 60 * 1000;

/** The recipients whose turn it is, who have a link and have not finished (the ones a reminder is for). */
export function awaitingTurn(signingOrder: 'SEQUENTIAL' | 'PARALLEL', recipients: Recipient[]): Recipient[] {
  return turnRecipients(signingOrder, recipients).filter(
    (recipient) => recipient.invitedAt && (recipient.status === 'SENT' || recipient.status === 'OPENED'),
  );
}

/** Queues one reminder per recipient, each to be sent once (its remindedAt is compared with requestedAt). */
export async function queueReminders(
  tx: TTransaction,
  recipients: Recipient[],
  requestedAt = new Date(),
): Promise<void> {
  for (const recipient of recipients) {
    await enqueueJob(
      mailReminderJob,
      { recipientId: recipient.id, kind: 'reminder', requestedAt: requestedAt.toISOString() },
      { client: tx },
    );
  }
}

/**
 * Job document.remind, every reminderDays while the document is pending:
 * reminds the recipients whose turn it is and who last heard from us at least
 * reminderDays ago, then schedules itself once more. It acts only when its
 * `at` is the document's nextReminderAt, which it moves on in the same
 * transaction: a retried or duplicated run finds them different and stops.
 */
export async function scheduleReminders(
  payload: { documentId: string; at: string },
  now = new Date(),
  client: TDbClient = db,
): Promise<number> {
  return client.$transaction(async (tx) => {
    if (!(await lockDocument(tx, payload.documentId))) return 0;
    const document = await tx.document.findUniqueOrThrow({ where: { id: payload.documentId } });
    if (
      document.status !== 'PENDING' ||
      !document.reminderDays ||
      document.nextReminderAt?.toISOString() !== payload.at
    )
      return 0;
    const period = document.reminderDays * DAY_MS;
    const recipients = await tx.recipient.findMany({ where: { documentId: document.id } });
    const due = awaitingTurn(document.signingOrder, recipients).filter((recipient) => {
      const last = recipient.remindedAt ?? recipient.sentAt;
      return !last || last.getTime() <= now.getTime() - period + SLACK_MS;
    });
    await queueReminders(tx, due, now);
    const next = new Date(now.getTime() + period);
    const goesOn = !document.expiresAt || next < document.expiresAt;
    await tx.document.update({ where: { id: document.id }, data: { nextReminderAt: goesOn ? next : null } });
    if (goesOn)
      await enqueueJob(
        remindDocumentJob,
        { documentId: document.id, at: next.toISOString() },
        { client: tx, runAt: next },
      );
    return due.length;
  });
}

// Defined here, not in ./jobs/, because each run queues the next: a separate file would import this one and back.
export const remindDocumentJob = defineJob({
  queue: 'document.remind',
  schema: z.object({ documentId: z.string(), at: z.iso.datetime() }),
  handler: async (payload) => void (await scheduleReminders(payload)),
});
