import 'server-only';
import { z } from 'zod';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { defineJob } from '@/lib/server/jobs/define-job';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import type { BlobStore } from '@/lib/server/storage/blob-store';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';
import { endedUnsigned } from './ended-unsigned';
import { mailCompletedJob } from './jobs/mail-completed.job';
import { purgeEndedDocument } from './purge-ended-document';

/** How long a purge that finds completion mails still on their way waits before it looks again. */
export const MAIL_WAIT_MS = 60_000;

export type TPurgeOutcome = 'purged' | 'not-due' | 'waiting-for-mails' | 'nothing';

/**
 * Job document.purge ({ documentId }), queued for purgeAt at completion
 * (commit-completion.ts) and when a document ends unsigned
 * (schedule-retention.ts). A completed one: deletes the sealed PDF and the
 * certificate, keeping their hashes, the seal's details and the audit trail,
 * so a copy someone kept can still be matched; not while a completion mail
 * that carries the file is still queued or running (RETENTION_DAYS=0). A
 * declined, cancelled or expired one: its files and signers' data
 * (purge-ended-document.ts). Never before purgeAt (an early run queues itself
 * for it). The marker and the `document.purged` event are written once;
 * deleting again is harmless.
 */
export async function purgeSealedBlobs(
  documentId: string,
  options: { client?: TDbClient; store?: BlobStore; now?: Date } = {},
): Promise<TPurgeOutcome> {
  const client = options.client ?? db;
  const now = options.now ?? new Date();
  const document = await client.document.findUnique({ where: { id: documentId } });
  if (!document?.purgeAt || (document.status !== 'COMPLETED' && !endedUnsigned(document.status))) return 'nothing';
  if (document.purgeAt > now) {
    await enqueueJob(purgeDocumentJob, { documentId }, { client, runAt: document.purgeAt });
    return 'not-due';
  }
  // Its mails (declined, cancelled, expired notices) carry no file: nothing to wait for.
  if (endedUnsigned(document.status))
    return purgeEndedDocument(document, { client, store: options.store ?? getBlobStore(), now });
  const mailing = await client.job.count({
    where: {
      queue: mailCompletedJob.queue,
      status: { in: ['QUEUED', 'RUNNING'] },
      payload: { contains: `"documentId":"${documentId}"` },
    },
  });
  if (mailing > 0) {
    await enqueueJob(purgeDocumentJob, { documentId }, { client, runAt: new Date(now.getTime() + MAIL_WAIT_MS) });
    return 'waiting-for-mails';
  }
  const store = options.store ?? getBlobStore();
  for (const key of [document.sealedBlob, document.certificateBlob]) if (key) await store.delete(key);
  if (document.sealedPurgedAt) return 'nothing';
  return client.$transaction(
    async (tx) => {
      const { count } = await tx.document.updateMany({
        where: { id: documentId, sealedPurgedAt: null },
        data: { sealedPurgedAt: now },
      });
      if (count !== 1) return 'nothing' as const;
      await appendAuditEvent(tx, {
        documentId,
        type: 'document.purged',
        actor: 'system',
        at: now,
        data: {
          sealedSha256: document.sealedSha256,
          certificateSha256: document.certificateSha256,
          purgeAt: document.purgeAt?.toISOString(),
        },
      });
      return 'purged' as const;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}

// Defined here, not in ./jobs/, because an early run queues itself again: a separate file would import this one and back.
export const purgeDocumentJob = defineJob({
  queue: 'document.purge',
  schema: z.object({ documentId: z.string() }),
  handler: async ({ documentId }) => void (await purgeSealedBlobs(documentId)),
});
