import 'server-only';
import { getEnv } from '@/lib/env';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import type { TSealLevel } from './finalize-steps';
import { mailCompletedJob } from './jobs/mail-completed.job';
import { purgeDocumentJob } from './purge-sealed-blobs';

const DAY_MS = 24 * 60 * 60 * 1000;

export type TCompletion = {
  documentId: string;
  completedAt: Date;
  sealed: {
    key: string;
    sha256: string;
    size: number;
    pageCount?: number | null;
    level: TSealLevel;
    signedAt: Date;
    timestampAt: Date | null;
  };
  certificate: { key: string; sha256: string };
  flattenedSha256: string;
  /** The flattened file is the sealed file's first flattenedLength bytes. */
  flattenedLength: number;
};

/** When the sealed PDF goes (retention): RETENTION_DAYS after now; 0 means now, the purge job then waits for the mails. */
export function purgeAtFrom(now: Date, days = getEnv().RETENTION_DAYS): Date {
  return new Date(now.getTime() + days * DAY_MS);
}

/**
 * Step (b) of finalization, all or nothing: a compare-and-set from pending
 * (or sealing_failed, on a retry) to completed with the seal's blobs, hashes
 * and times; the `document.completed` audit event; one completion mail job
 * per recipient and one for the owner; the purge job at purgeAt. A second
 * run (a retry after a crash, a racing runner) finds the status changed and
 * writes nothing: false.
 */
export async function commitCompletion(
  completion: TCompletion,
  options: { now?: Date; client?: TDbClient; retentionDays?: number } = {},
): Promise<boolean> {
  const { documentId, sealed, certificate } = completion;
  const now = options.now ?? new Date();
  const client = options.client ?? db;
  const purgeAt = purgeAtFrom(now, options.retentionDays);
  return client.$transaction(
    async (tx) => {
      const { count } = await tx.document.updateMany({
        where: { id: documentId, status: { in: ['PENDING', 'SEALING_FAILED'] } },
        data: {
          status: 'COMPLETED',
          mode: 'VIEW',
          completedAt: completion.completedAt,
          sealedBlob: sealed.key,
          sealedSha256: sealed.sha256,
          sealLevel: sealed.level,
          sealedAt: sealed.signedAt,
          sealTimestampAt: sealed.timestampAt,
          certificateBlob: certificate.key,
          certificateSha256: certificate.sha256,
          finalizeError: null,
          nextReminderAt: null,
          purgeAt,
        },
      });
      if (count !== 1) return false;
      await appendAuditEvent(tx, {
        documentId,
        type: 'document.completed',
        actor: 'system',
        at: now,
        data: {
          sealedSha256: sealed.sha256,
          level: sealed.level,
          size: sealed.size,
          pageCount: sealed.pageCount ?? null,
          signedAt: sealed.signedAt.toISOString(),
          timestampAt: sealed.timestampAt?.toISOString() ?? null,
          flattenedSha256: completion.flattenedSha256,
          flattenedLength: completion.flattenedLength,
          certificateSha256: certificate.sha256,
        },
      });
      const recipients = await tx.recipient.findMany({
        where: { documentId },
        select: { id: true },
        orderBy: [{ order: 'asc' }, { createdAt: 'asc' }],
      });
      // Enqueued with the commit: the mails exist exactly when the completion does, one job each.
      for (const recipient of recipients)
        await enqueueJob(mailCompletedJob, { documentId, recipientId: recipient.id }, { client: tx });
      await enqueueJob(mailCompletedJob, { documentId, recipientId: null }, { client: tx });
      await enqueueJob(purgeDocumentJob, { documentId }, { client: tx, runAt: purgeAt });
      return true;
    },
    // appendAuditEvent waits for other appenders to this document: longer than Prisma's 2 s default.
    { maxWait: 15_000, timeout: 15_000 },
  );
}
