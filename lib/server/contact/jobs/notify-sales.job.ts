import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Mails the sales inbox about one stored contact request (id). */
export const notifySalesJob = defineJob({
  queue: 'contact.notify',
  schema: z.object({ id: z.string() }),
  async handler(payload) {
    const { notifySales } = await import('../notify-sales');
    await notifySales(payload.id);
  },
});
