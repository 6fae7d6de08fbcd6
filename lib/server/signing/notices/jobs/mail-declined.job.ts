import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Tells another invited recipient that someone (declinedBy) declined, so the document will not be completed. */
export const mailDeclinedJob = defineJob({
  queue: 'mail.declined',
  schema: z.object({ recipientId: z.string(), declinedBy: z.string() }),
  async handler(payload, context) {
    const { mailDeclined } = await import('../signer-action-mails');
    await mailDeclined(payload, context);
  },
});
