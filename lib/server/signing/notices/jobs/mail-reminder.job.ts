import 'server-only';
import { defineJob } from '@/lib/server/jobs/define-job';
import { ZSigningLinkDelivery } from './mail-invitation.job';

/** A reminder to a recipient whose turn it is, queued by the document.remind job; sent once per run (requestedAt). */
export const mailReminderJob = defineJob({
  queue: 'mail.reminder',
  schema: ZSigningLinkDelivery,
  async handler(payload, context) {
    const { deliverSigningLink } = await import('../deliver-signing-link');
    await deliverSigningLink(payload, context);
  },
});
