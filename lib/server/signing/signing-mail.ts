import 'server-only';
import type { TMailLocale } from '@/lib/api/v1/enums';
import { sendMail, type TSentMail } from '@/lib/server/mail/send-mail';

type TInvitationData = {
  documentName: string;
  ownerName: string;
  ownerEmail: string;
  recipientName: string;
  role: 'SIGNER' | 'APPROVER' | 'VIEWER';
  message?: string;
  signUrl: string;
  expiresAt?: Date;
};
type TNoticeData = { documentName: string; ownerName: string; reason?: string };

export type TSigningMailData = {
  invitation: TInvitationData;
  reminder: TInvitationData;
  cancelled: TNoticeData;
  expired: TNoticeData;
};
export type TSigningMailTemplate = keyof TSigningMailData;
export type TMailPerson = { name: string; address: string };

const quoted = (person: TMailPerson) => `"${person.name.replace(/["\\\r\n]/g, ' ')}" <${person.address}>`;

/**
 * The one place sending composes its mails, so moving to the shared
 * templates (lib/server/mail/render-mail.ts, in the recipient's language)
 * is one edit here. Until they land: a plain-text mail that carries the
 * signing link as a plain URL, as API.md asks.
 */
export async function sendSigningMail<T extends TSigningMailTemplate>(
  template: T,
  locale: TMailLocale,
  data: TSigningMailData[T],
  envelope: { to: TMailPerson; replyTo?: TMailPerson },
): Promise<TSentMail> {
  void locale;
  const lines: string[] = [];
  let subject: string;
  if (template === 'invitation' || template === 'reminder') {
    const invitation = data as TInvitationData;
    subject = `${template === 'reminder' ? 'Reminder: ' : ''}${invitation.ownerName} asks you to ${invitation.role === 'VIEWER' ? 'view' : 'sign'} ${invitation.documentName}`;
    lines.push(`Hello ${invitation.recipientName},`, '', subject + '.');
    if (invitation.message) lines.push('', invitation.message);
    lines.push('', invitation.signUrl);
    if (invitation.expiresAt) lines.push('', `The link works until ${invitation.expiresAt.toISOString()}.`);
  } else {
    const notice = data as TNoticeData;
    subject = `${notice.documentName} was ${template === 'cancelled' ? 'cancelled' : 'not signed in time'}`;
    lines.push(subject + '.');
    if (notice.reason) lines.push('', notice.reason);
  }
  return sendMail({
    to: quoted(envelope.to),
    ...(envelope.replyTo ? { replyTo: quoted(envelope.replyTo) } : {}),
    subject: subject.replace(/[\r\n]+/g, ' '),
    text: lines.join('\n'),
  });
}
