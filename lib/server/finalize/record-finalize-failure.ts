import 'server-only';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';

/** What the owner reads: an AppError's detail (it is written for people), else the message, on one short line. */
export function finalizeErrorText(error: unknown): string {
  const text =
    error instanceof AppError
      ? (error.detail ?? error.message)
      : error instanceof Error
        ? error.message
        : String(error);
  return text.replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error';
}

/**
 * A finalize attempt failed. Each failure is kept (finalizeError) while the
 * job retries with backoff; after the last attempt the document becomes
 * sealing_failed (a compare-and-set from pending) with an audit event, so the
 * owner sees it with a retry button instead of a document stuck "processing".
 * Returns whether this call made it sealing_failed.
 */
export async function recordFinalizeFailure(
  documentId: string,
  error: unknown,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
  client: TDbClient = db,
): Promise<boolean> {
  const message = finalizeErrorText(error);
  const code = error instanceof AppError ? ((error.extensions?.code as string | undefined) ?? error.code) : null;
  if (context.attempt < context.maxAttempts) {
    await client.document.updateMany({
      where: { id: documentId, status: { in: ['PENDING', 'SEALING_FAILED'] } },
      data: { finalizeError: message },
    });
    return false;
  }
  return client.$transaction(
    async (tx) => {
      const { count } = await tx.document.updateMany({
        where: { id: documentId, status: { in: ['PENDING', 'SEALING_FAILED'] } },
        data: { status: 'SEALING_FAILED', finalizeError: message },
      });
      if (count !== 1) return false;
      await appendAuditEvent(tx, {
        documentId,
        type: 'document.sealing_failed',
        actor: 'system',
        data: { error: message, code, attempts: context.attempt },
      });
      return true;
    },
    { maxWait: 15_000, timeout: 15_000 },
  );
}
