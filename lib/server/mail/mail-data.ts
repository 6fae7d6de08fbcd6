import { z } from 'zod';

/**
 * What each mail template needs, validated before anything is rendered or
 * sent (lib/server/mail/render-mail.ts). Names and other one-line values come
 * from owners and recipients: control characters (CR/LF above all) are
 * refused here so no header can be forged through a subject; the HTML part
 * escapes the rest by construction (React).
 */

/** C0 and C1 controls, DEL and the Unicode line and paragraph separators. */
export const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const noControls = { error: 'must not contain line breaks or other control characters' } as const;

/** A name, a document name: one line, as typed. */
export const ZMailLine = z.string().trim().min(1).max(500).refine((v) => !CONTROL_CHARACTERS.test(v), noControls);

/** Free text (an owner's message, a decline reason): line breaks allowed, other controls not. */
export const ZMailText = z
  .string()
  .trim()
  .max(5000)
  .refine((v) => !/[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(v), noControls);

export const ZMailUrl = z.url({ protocol: /^https?$/, error: 'expected an http(s) URL' });
export const ZMailEmail = z.email();

export const ZRecipientRole = z.enum(['SIGNER', 'APPROVER', 'VIEWER']);
export type TRecipientRole = z.infer<typeof ZRecipientRole>;

const ZInvitation = z.object({
  documentName: ZMailLine,
  ownerName: ZMailLine,
  ownerEmail: ZMailEmail,
  recipientName: ZMailLine,
  role: ZRecipientRole,
  message: ZMailText.optional(),
  signUrl: ZMailUrl,
  expiresAt: z.date().optional(),
});

export const ZMailData = {
  invitation: ZInvitation,
  reminder: ZInvitation,
  cancelled: z.object({ documentName: ZMailLine, ownerName: ZMailLine, reason: ZMailText.optional() }),
  'declined-to-owner': z.object({
    documentName: ZMailLine,
    recipientName: ZMailLine,
    recipientEmail: ZMailEmail,
    reason: ZMailText,
    documentUrl: ZMailUrl,
  }),
  'completed-to-owner': z.object({ documentName: ZMailLine, documentUrl: ZMailUrl }),
  'one-time-code': z.object({
    code: z.string().regex(/^[0-9A-Z]{4,12}$/, { error: 'expected 4 to 12 digits or capital letters' }),
    documentName: ZMailLine,
    minutesValid: z.number().int().positive().max(24 * 60),
  }),
  'signed-confirmation': z.object({ documentName: ZMailLine, ownerName: ZMailLine }),
} as const;

export type TMailTemplate = keyof typeof ZMailData;
export const mailTemplates = Object.keys(ZMailData) as TMailTemplate[];

/** The data each template is rendered from (before validation: what callers pass). */
export type TMailData = { [T in TMailTemplate]: z.input<(typeof ZMailData)[T]> };
