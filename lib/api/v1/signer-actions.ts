import { z } from 'zod';
import { ZSignatureBody } from './signature-body';
import { multilineText } from './text';

/** Longest value a text, name or number field takes; a field on a page holds a line or two, not an essay. */
export const MAX_TEXT_VALUE = 1000;
export const MAX_NAME_VALUE = 200;
/** Longest decline reason: the owner reads it in a mail. */
export const MAX_DECLINE_REASON = 1000;

/**
 * PUT /api/v1/signing/{token}/fields/{fieldId} with JSON, for data fields:
 * the value as a string ("true"/"false" for a checkbox, an option for radio
 * and dropdown); an empty string or null clears the field. Attachments are
 * sent as multipart `file` instead; signature and initials as `{ signature }`.
 */
export const ZFieldValueBody = z
  .object({
    value: z.string().max(MAX_TEXT_VALUE, `At most ${MAX_TEXT_VALUE} characters.`).nullable(),
  })
  .strict()
  .meta({ id: 'SignerFieldValueBody' });

/** The body for a signature or initials field: a signature body (lib/api/v1/signature-body.ts, docs/signatures.md). */
export const ZSignatureFieldBody = z.object({ signature: ZSignatureBody }).strict().meta({ id: 'SignerSignatureBody' });

export const ZDeclineBody = z
  .object({ reason: multilineText(MAX_DECLINE_REASON).pipe(z.string().min(1, 'Say why you decline.')) })
  .meta({ id: 'DeclineBody' });

export const ZSignedAnswer = z
  .object({
    status: z.literal('signed'),
    /** True when this was the last signer or approver: the document is being sealed and everyone is mailed the sealed PDF. */
    everyoneSigned: z.boolean(),
  })
  .meta({ id: 'SignedAnswer' });
export const ZDeclinedAnswer = z.object({ status: z.literal('declined') }).meta({ id: 'DeclinedAnswer' });

/** What an attachment field's value says about its file (the bytes stay in the blob store). */
export const ZAttachmentInfo = z
  .object({ name: z.string(), contentType: z.string(), size: z.int(), sha256: z.string() })
  .meta({ id: 'AttachmentInfo' });

export type TFieldValueBody = z.infer<typeof ZFieldValueBody>;
export type TSignatureFieldBody = z.infer<typeof ZSignatureFieldBody>;
export type TDeclineBody = z.infer<typeof ZDeclineBody>;
export type TAttachmentInfo = z.infer<typeof ZAttachmentInfo>;
