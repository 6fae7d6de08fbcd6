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
        context.addIssue({
          code: 'custom',
          path: ['recipients', index, 'email'],
          message: `Same email as recipient ${first + 1}.`,
        });
      } else seen.set(recipient.email, index);
    });
  })
  .meta({ id: 'PutRecipientsBody' });

/**
 * An eID sign-in whose verified name is not the recipient's (EID_NAME_MISMATCH=review):
 * the document is not sealed until the owner accepts it (POST …/recipients/{id}/accept-identity) or cancels.
 */
export const ZIdentityMismatch = z
  .object({
    /** The name the eID vouched for; null when it gave none. */
    verifiedName: z.string().nullable(),
    /** The recipient's name as the sender typed it. */
    expectedName: z.string(),
    detectedAt: z.iso.datetime(),
    /** When the owner accepted it; null while it waits for them. */
    acceptedAt: z.iso.datetime().nullable(),
  })
  .meta({ id: 'IdentityMismatch' });

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
    /** An eID name mismatch (auth oidc, EID_NAME_MISMATCH=review); null when there is none. */
    identityMismatch: ZIdentityMismatch.nullable(),
  })
  .meta({ id: 'Recipient' });

export type TRecipientInput = z.infer<typeof ZRecipientInput>;
export type TPutRecipientsBody = z.infer<typeof ZPutRecipientsBody>;
export type TRecipient = z.infer<typeof ZRecipient>;
export type TIdentityMismatch = z.infer<typeof ZIdentityMismatch>;
