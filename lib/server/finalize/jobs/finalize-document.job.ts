import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/**
 * Every signer and approver has signed: flatten, certify and seal. Tried 8
 * times (backoff 2 s … 128 s, about four minutes for a timestamp authority to
 * come back) before the document is sealing_failed. The sealing code is loaded
 * only when the job runs: completing a signature enqueues this job.
 */
export const finalizeDocumentJob = defineJob({
  queue: 'document.finalize',
  schema: z.object({ documentId: z.string() }),
  maxAttempts: 8,
  async handler(payload, context) {
    const { finalizeDocument } = await import('../finalize-document');
    await finalizeDocument(payload.documentId, context);
  },
});
