import { z } from 'zod';
import { memberRoles } from '@/lib/api/v1/workspaces';

/**
 * What each mail template needs, validated before anything is rendered or
 * sent (lib/server/mail/render-mail.ts). Names and other one-line values come
 * from owners and recipients: control characters (CR/LF above all) are
 * refused here so no header can be forged through a subject; the HTML part
 * escapes the rest by construction (React).
 */

/** C0 and C1 controls, DEL and the Unicode line and paragraph separators: never in a header value. */
function isControl(code: number): boolean {
  return code <= 0x1f || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029;
}

/** Whether `value` holds a control character; tab, CR and LF pass when `allowLineBreaks` (free text). */
export function hasControlCharacters(value: string, { allowLineBreaks = false } = {}): boolean {
  for (const char of value) {
    const code = char.codePointAt(0) ?? 0;
    if (allowLineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    if (isControl(code)) return true;
  }
  return false;
}

/** The value on one line: each run of control characters becomes one space. */
export function flattenControlCharacters(value: string): string {
  let out = '';
  let inRun = false;
  for (const char of value) {
    const control = isControl(char.codePointAt(0) ?? 0);
    if (!control) out += char;
    else if (!inRun) out += ' ';
    inRun = control;
  }
  return out.trim();
}

const noControls = { error: 'must not contain line breaks or other control characters' } as const;

/** A name, a document name: one line, as typed. */
export const ZMailLine = z
  .string()
  .trim()
  .min(1)
  .max(500)
  .refine((v) => !hasControlCharacters(v), noControls);

/** Free text (an owner's message, a decline reason): line breaks allowed, other controls not. */
export const ZMailText = z
  .string()
  .trim()
  .max(5000)
  .refine((v) => !hasControlCharacters(v, { allowLineBreaks: true }), noControls);

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

/** How a completion mail carries the sealed PDF: attached (under 10 MB), or a signed download link and when it stops working. */
const ZSealedDelivery = z.object({
  attached: z.boolean().default(false),
  downloadUrl: ZMailUrl.optional(),
  downloadExpiresAt: z.date().optional(),
});

export const ZMailData = {
  invitation: ZInvitation,
  reminder: ZInvitation,
  cancelled: z.object({ documentName: ZMailLine, ownerName: ZMailLine, reason: ZMailText.optional() }),
  // To everyone invited when a document reaches its deadline unsigned (job document.expire).
  expired: z.object({ documentName: ZMailLine, ownerName: ZMailLine }),
  'declined-to-owner': z.object({
    documentName: ZMailLine,
    recipientName: ZMailLine,
    recipientEmail: ZMailEmail,
    reason: ZMailText,
    documentUrl: ZMailUrl,
  }),
  'completed-to-owner': z.object({ documentName: ZMailLine, documentUrl: ZMailUrl, ...ZSealedDelivery.shape }),
  // To every recipient (cc included) once sealed (job mail.completed): the sealed PDF attached, or a link that expires.
  completed: z.object({ documentName: ZMailLine, ownerName: ZMailLine, ...ZSealedDelivery.shape }),
  'one-time-code': z.object({
    code: z.string().regex(/^[0-9A-Z]{4,12}$/, { error: 'expected 4 to 12 digits or capital letters' }),
    documentName: ZMailLine,
    minutesValid: z
      .number()
      .int()
      .positive()
      .max(24 * 60),
  }),
  'signed-confirmation': z.object({ documentName: ZMailLine, ownerName: ZMailLine }),
  // To the owner when a recipient finishes; remaining: signers and approvers still to finish.
  'signed-to-owner': z.object({
    documentName: ZMailLine,
    recipientName: ZMailLine,
    recipientEmail: ZMailEmail,
    remaining: z.number().int().min(0),
    documentUrl: ZMailUrl,
  }),
  // To the recipients who had a link when another declined (the reason goes to the owner only).
  declined: z.object({ documentName: ZMailLine, ownerName: ZMailLine, declinedBy: ZMailLine }),
  // Sent from the admin outbox page to check the mail settings (SMTP, DKIM) end to end.
  'test-mail': z.object({ requestedBy: ZMailEmail, openUrl: ZMailUrl }),
  // To a person a team's admin invites (docs/teams.md): the inviter's voice, a one-time link to accept until expiresAt.
  'team-invitation': z.object({
    teamName: ZMailLine,
    inviterName: ZMailLine,
    inviterEmail: ZMailEmail,
    // Spelt as the API spells roles (lib/api/v1/workspaces.ts), not as the database does (OWNER).
    role: z.enum(memberRoles),
    acceptUrl: ZMailUrl,
    expiresAt: z.date(),
  }),
} as const;

export type TMailTemplate = keyof typeof ZMailData;
export const mailTemplates = Object.keys(ZMailData) as TMailTemplate[];

/** The data each template is rendered from (before validation: what callers pass). */
export type TMailData = { [T in TMailTemplate]: z.input<(typeof ZMailData)[T]> };
