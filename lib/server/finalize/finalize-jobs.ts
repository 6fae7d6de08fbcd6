import 'server-only';
import { z } from 'zod';
import { registerJobHandler } from '@/lib/server/jobs/registry';
import { DOCUMENT_FINALIZE_QUEUE, DOCUMENT_PURGE_QUEUE, MAIL_COMPLETED_QUEUE } from '@/lib/server/signing/signer-action-queues';
import { finalizeDocument } from './finalize-document';
import { mailCompleted } from './mail-completed';
import { purgeSealedBlobs } from './purge-sealed-blobs';

const ZDocumentJob = z.object({ documentId: z.string() });
const ZCompletedMail = ZDocumentJob.extend({ recipientId: z.string().nullable() });

/**
 * Finalization's queues (called once per server process, lib/server/jobs/handlers.ts).
 * Retries and backoff are the runner's: each job's maxAttempts (5 by default,
 * 2 s, 4 s, 8 s, 16 s apart), so a timestamp authority that is down for a
 * minute or so is waited for; after that the document is sealing_failed.
 */
export function registerFinalizeJobs(): void {
  registerJobHandler(DOCUMENT_FINALIZE_QUEUE, async (payload, context) => void (await finalizeDocument(ZDocumentJob.parse(payload).documentId, context)));
  registerJobHandler(MAIL_COMPLETED_QUEUE, async (payload, context) => void (await mailCompleted(ZCompletedMail.parse(payload), context)));
  registerJobHandler(DOCUMENT_PURGE_QUEUE, async (payload) => void (await purgeSealedBlobs(ZDocumentJob.parse(payload).documentId)));
}
