import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import { requireOwnedDocumentById } from '@/lib/server/documents/require-owned-document-by-id';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { enqueueJob } from '@/lib/server/jobs/enqueue-job';
import { lockDocument } from '@/lib/server/signing/link/lock-document';
import { finalizeDocumentJob } from './jobs/finalize-document.job';

/**
 * POST /api/v1/documents/{id}/retry-seal: the owner queues finalization again
 * for a document that is sealing_failed (409 otherwise, and 409 while a retry
 * is already queued or running, so a double click seals once). The status
 * stays sealing_failed until the job completes it; the error stays shown.
 */
export async function retrySeal(
  id: string,
  owner: TWorkspaceCaller,
  meta: TRequestMeta,
  client: TDbClient = db,
): Promise<{ id: string; status: 'sealing_failed'; jobId: string }> {
  await requireOwnedDocumentById(id, owner.workspaceId, client);
  return client.$transaction(
    async (tx) => {
      await lockDocument(tx, id);
      const document = await tx.document.findUniqueOrThrow({
        where: { id },
        select: { status: true, finalizeError: true },
      });
      if (document.status !== 'SEALING_FAILED') {
        throw new AppError(
          'CONFLICT',
          `The document is ${document.status.toLowerCase()}: only a document whose seal failed can be sealed again.`,
          { extensions: { reason: 'not_sealing_failed' } },
        );
      }
      const queued = await tx.job.count({
        where: {
          queue: finalizeDocumentJob.queue,
          status: { in: ['QUEUED', 'RUNNING'] },
          payload: { contains: `"documentId":"${id}"` },
        },
      });
      if (queued > 0)
        throw new AppError('CONFLICT', 'A new attempt to seal this document is already under way.', {
          extensions: { reason: 'retry_queued' },
        });
      const job = await enqueueJob(finalizeDocumentJob, { documentId: id }, { client: tx });
      await appendAuditEvent(tx, {
        documentId: id,
        type: 'document.seal_retried',
        actor: owner.actor,
        ...meta,
        data: { previousError: document.finalizeError },
      });
      return { id, status: 'sealing_failed' as const, jobId: job.id };
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
