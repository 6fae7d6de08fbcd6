import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Tells the owner a recipient has signed. */
export const mailSignedToOwnerJob = defineJob({
  queue: 'mail.signed-to-owner',
  schema: z.object({ recipientId: z.string() }),
  async handler(payload) {
    const { mailSignedToOwner } = await import('../signer-action-mails');
    await mailSignedToOwner(payload);
  },
});
