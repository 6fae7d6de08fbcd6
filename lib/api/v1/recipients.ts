import { z } from 'zod';
import { MAX_RECIPIENTS, ZRecipientAuth, ZRecipientRole, ZRecipientStatus } from './enums';
import { plainText, ZEmail } from './text';

export const ZRecipientInput = z
  .object({
    /** Keeps an existing recipient (and its fields) when its email changes; unknown ids are refused. */
    id: z.string().min(1).max(64).optional(),
    email: ZEmail,
    name: plainText(200),
    role: ZRecipientRole.default('signer'),
    /** 1-based; defaults to the recipient's position in the list. */
    order: z.int().min(1).max(MAX_RECIPIENTS).optional(),
    auth: ZRecipientAuth.default('none'),
  })
  .meta({ id: 'RecipientInput' });

export const ZPutRecipientsBody = z
  .object({
    recipients: z.array(ZRecipientInput).max(MAX_RECIPIENTS, `At most ${MAX_RECIPIENTS} recipients.`),
  })
  .superRefine((body, context) => {
    const seen = new Map<string, number>();
    body.recipients.forEach((recipient, index) => {
      const first = seen.get(recipient.email);
      if (first !== undefined) {
        context.addIssue({ code: 'custom', path: ['recipients', index, 'email'], message: `Same email as recipient ${first + 1}.` });
      } else seen.set(recipient.email, index);
    });
  })
  .meta({ id: 'PutRecipientsBody' });

export const ZRecipient = z
  .object({
    id: z.string(),
    email: z.string(),
    name: z.string(),
    role: ZRecipientRole,
    order: z.int(),
    auth: ZRecipientAuth,
    status: ZRecipientStatus,
    sentAt: z.iso.datetime().nullable(),
    openedAt: z.iso.datetime().nullable(),
    signedAt: z.iso.datetime().nullable(),
    declinedAt: z.iso.datetime().nullable(),
    declineReason: z.string().nullable(),
    /** The last invitation or reminder that could not be delivered, after every retry. */
    mailError: z.string().nullable(),
  })
  .meta({ id: 'Recipient' });

export type TRecipientInput = z.infer<typeof ZRecipientInput>;
export type TPutRecipientsBody = z.infer<typeof ZPutRecipientsBody>;
export type TRecipient = z.infer<typeof ZRecipient>;
