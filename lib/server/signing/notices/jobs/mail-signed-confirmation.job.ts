import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Confirms to a recipient that their signature was recorded. */
export const mailSignedConfirmationJob = defineJob({
  queue: 'mail.signed-confirmation',
  schema: z.object({ recipientId: z.string() }),
  async handler(payload, context) {
    const { mailSignedConfirmation } = await import('../signer-action-mails');
    await mailSignedConfirmation(payload, context);
  },
});
