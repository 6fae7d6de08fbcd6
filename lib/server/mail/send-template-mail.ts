import 'server-only';
import { renderMail, type TLocale, type TMailData, type TMailTemplate } from './render-mail';
import { sendMail, type TMailAddress, type TMailAttachment, type TSentMail } from './send-mail';

export type TTemplateEnvelope = {
  to: string | TMailAddress;
  /** Who a reply reaches: the owner, for mail sent to recipients on their behalf. */
  replyTo?: string | TMailAddress;
  attachments?: TMailAttachment[];
};

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
  const { subject, html, text } = await renderMail(template, locale, data);
  const sent = await sendMail({ ...envelope, subject, html, text });
  return { ...sent, subject };
}
