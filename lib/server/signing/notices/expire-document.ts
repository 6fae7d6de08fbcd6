import 'server-only';
import { z } from 'zod';
import { db, type TDbClient } from '@/lib/server/db/client';
import { defineJob } from '@/lib/server/jobs/define-job';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { endSigning } from '../link/end-signing';
import { lockDocument } from '../link/lock-document';

/**
 * Job document.expire, queued for expiresAt at send: a document still
 * pending at its deadline becomes expired, its links stop working and
 * everyone invited is told. Anything else (completed, cancelled, already
 * expired) is left alone, so a retry or a duplicate does nothing. A run that
 * comes early (clocks differ between instances) queues itself for the deadline.
 */
export async function expireDocument(documentId: string, now = new Date(), client: TDbClient = db): Promise<boolean> {
  return client.$transaction(async (tx) => {
    if (!(await lockDocument(tx, documentId))) return false;
    const document = await tx.document.findUniqueOrThrow({
      where: { id: documentId },
      select: { status: true, expiresAt: true },
    });
    if (document.status !== 'PENDING' || !document.expiresAt) return false;
    if (document.expiresAt > now) {
      await enqueueJob(expireDocumentJob, { documentId }, { client: tx, runAt: document.expiresAt });
      return false;
    }
    const { count } = await tx.document.updateMany({
      where: { id: documentId, status: 'PENDING' },
      data: { status: 'EXPIRED', mode: 'VIEW', nextReminderAt: null },
    });
    if (count !== 1) return false;
    await endSigning(tx, {
      documentId,
      notice: 'expired',
      actor: 'system',
      at: now,
      data: { expiresAt: document.expiresAt.toISOString() },
    });
    return true;
  });
}

// Defined here, not in ./jobs/, because an early run queues itself again: a separate file would import this one and back.
export const expireDocumentJob = defineJob({
  queue: 'document.expire',
  schema: z.object({ documentId: z.string() }),
  handler: async ({ documentId }) => void (await expireDocument(documentId)),
});
