import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** The sealed PDF to one recipient (recipientId) or to the owner (null) once the document is completed. */
export const mailCompletedJob = defineJob({
  queue: 'mail.completed',
  schema: z.object({ documentId: z.string(), recipientId: z.string().nullable() }),
  async handler(payload, context) {
    const { mailCompleted } = await import('../mail-completed');
    await mailCompleted(payload, context);
  },
});
