import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Tells an invited recipient the owner cancelled the document (with the reason) and their link no longer works. */
export const mailCancelledJob = defineJob({
  queue: 'mail.cancelled',
  schema: z.object({ recipientId: z.string(), notice: z.enum(['cancelled', 'expired']) }),
  async handler(payload, context) {
    const { notifyRecipient } = await import('../notify-recipient');
    await notifyRecipient(payload, context);
  },
});
