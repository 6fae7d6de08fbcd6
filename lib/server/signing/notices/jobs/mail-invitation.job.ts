import 'server-only';
import { z } from 'zod';
import { defineJob } from '@/lib/server/jobs/define-job';

/** Who gets a fresh signing link and why; the payload never carries a token (the link is made when the mail goes). */
export const ZSigningLinkDelivery = z.object({
  recipientId: z.string(),
  kind: z.enum(['invitation', 'resend', 'reminder']),
  requestedAt: z.iso.datetime().optional(),
});

/** A recipient's invitation (or a resend): a fresh link by mail. */
export const mailInvitationJob = defineJob({
  queue: 'mail.invitation',
  schema: ZSigningLinkDelivery,
  async handler(payload, context) {
    const { deliverSigningLink } = await import('../deliver-signing-link');
    await deliverSigningLink(payload, context);
  },
});
