import 'server-only';
import { renderMail, type TLocale, type TMailData, type TMailTemplate } from './render-mail';
import type { TLoadedBrand } from '@/lib/server/branding/load-brand';
import { sendMail, type TMailAddress, type TMailAttachment, type TSentMail } from './send-mail';

export type TTemplateEnvelope = {
  to: string | TMailAddress;
  /** Who a reply reaches: the owner, for mail sent to recipients on their behalf. */
  replyTo?: string | TMailAddress;
  attachments?: TMailAttachment[];
  /** The sending team's brand, for mails to its signers (lib/server/branding/load-brand.ts). */
  brand?: TLoadedBrand | null;
};

const LOGO_CID = 'brand-logo@signet';

/**
 * Renders `template` in `locale` and sends it: the one call the signing
 * lifecycle (invitations, reminders, notices) makes. Invalid data or
 * addresses throw AppError INVALID_INPUT before anything is sent.
 */
export async function sendTemplateMail<T extends TMailTemplate>(
  template: T,
  locale: TLocale,
  data: TMailData[T],
  envelope: TTemplateEnvelope,
): Promise<TSentMail & { subject: string }> {
  const { brand, ...rest } = envelope;
  const look = brand ? { name: brand.name, color: brand.color, logoCid: brand.logo ? LOGO_CID : null } : undefined;
  const { subject, html, text, fromName } = await renderMail(template, locale, data, look);
  const logo = brand?.logo
    ? [
        {
          filename: `logo.${brand.logo.contentType === 'image/png' ? 'png' : 'jpg'}`,
          content: brand.logo.bytes,
          contentType: brand.logo.contentType,
          cid: LOGO_CID,
        },
      ]
    : [];
  const attachments = [...logo, ...(rest.attachments ?? [])];
  const sent = await sendMail({
    ...rest,
    subject,
    html,
    text,
    ...(fromName ? { fromName } : {}),
    ...(attachments.length ? { attachments } : {}),
  });
  return { ...sent, subject };
}
