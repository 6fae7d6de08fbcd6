import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Tells the owner a recipient declined. */
export const mailDeclinedToOwnerJob = defineJob({
  queue: 'mail.declined-to-owner',
  schema: z.object({ recipientId: z.string() }),
  async handler(payload) {
    const { mailDeclinedToOwner } = await import('../signer-action-mails');
    await mailDeclinedToOwner(payload);
  },
});
