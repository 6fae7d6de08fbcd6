import 'server-only';
import type { TMailLocale } from '@/lib/api/v1/enums';
import type { TMailData } from '@/lib/server/mail/render-mail';
import type { TMailAddress, TSentMail } from '@/lib/server/mail/send-mail';
import type { TLoadedBrand } from '@/lib/server/branding/load-brand';
import { sendTemplateMail } from '@/lib/server/mail/send-template-mail';

export type TSigningMailTemplate = 'invitation' | 'reminder' | 'cancelled' | 'expired';
export type TSigningMailData = Pick<TMailData, TSigningMailTemplate>;
export type TMailPerson = Required<TMailAddress>;

/**
 * The one place sending composes its mails: the shared templates
 * (lib/server/mail/render-mail.ts) in the recipient's language, Reply-To the
 * owner. The signing link is only in the mail it renders.
 */
export function sendSigningMail<T extends TSigningMailTemplate>(
  template: T,
  locale: TMailLocale,
  data: TSigningMailData[T],
  envelope: { to: TMailPerson; replyTo?: TMailPerson; brand?: TLoadedBrand | null },
): Promise<TSentMail> {
  return sendTemplateMail(template, locale, data as TMailData[T], envelope);
}
