import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { db } from '@/lib/server/db/client';
import { documentUrl } from '@/lib/server/http/document-url';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { sendTemplateMail } from '@/lib/server/mail/send-template-mail';
import { findRecipientForMail, mailLocale, ownerPerson, recipientPerson, withMailErrorKept } from './mail-recipient';

type TContext = Pick<TJobContext, 'attempt' | 'maxAttempts'>;
export type TSignerMailPayload = { recipientId: string };
export type TDeclinedPayload = { recipientId: string; declinedBy: string };

/** The owner reads mails about their document in their own language (the send's locale is the recipients'). */
const ownerLocale = (owner: { locale: string }) => mailLocale({ locale: null }, owner);

/** Job mail.signed-to-owner: tells the owner who signed and how many signers and approvers are left. */
export async function mailSignedToOwner(payload: TSignerMailPayload): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (recipient?.status !== 'SIGNED') return 'skipped';
  const { document } = recipient;
  const remaining = await db.recipient.count({
    where: { documentId: document.id, role: { in: ['SIGNER', 'APPROVER'] }, status: { not: 'SIGNED' } },
  });
  await sendTemplateMail(
    'signed-to-owner',
    ownerLocale(document.owner),
    {
      documentName: document.name,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
      remaining,
      documentUrl: documentUrl(document),
    },
    { to: ownerPerson(document.owner) },
  );
  return 'sent';
}

/** Job mail.signed-confirmation: the signer's receipt, in the recipients' language, replies reaching the owner. */
export async function mailSignedConfirmation(
  payload: TSignerMailPayload,
  context: TContext,
): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (recipient?.status !== 'SIGNED') return 'skipped';
  const { document } = recipient;
  const owner = ownerPerson(document.owner);
  const brand = await loadBrand(document.workspaceId);
  await withMailErrorKept(recipient.id, context, () =>
    sendTemplateMail(
      'signed-confirmation',
      mailLocale(document, document.owner),
      { documentName: document.name, ownerName: owner.name },
      { to: recipientPerson(recipient), replyTo: owner, brand },
    ),
  );
  return 'sent';
}

/** Job mail.declined-to-owner: the owner learns who declined and why, with a link to the document. */
export async function mailDeclinedToOwner(payload: TSignerMailPayload): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (recipient?.status !== 'DECLINED') return 'skipped';
  const { document } = recipient;
  await sendTemplateMail(
    'declined-to-owner',
    ownerLocale(document.owner),
    {
      documentName: document.name,
      recipientName: recipient.name,
      recipientEmail: recipient.email,
      reason: recipient.declineReason ?? '',
      documentUrl: documentUrl(document),
    },
    { to: ownerPerson(document.owner), replyTo: recipientPerson(recipient) },
  );
  return 'sent';
}

/** Job mail.declined: another recipient who had a link learns the document will not be signed. */
export async function mailDeclined(payload: TDeclinedPayload, context: TContext): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (recipient?.document.status !== 'DECLINED') return 'skipped';
  const decliner = await db.recipient.findUnique({ where: { id: payload.declinedBy }, select: { name: true } });
  if (!decliner) return 'skipped';
  const { document } = recipient;
  const owner = ownerPerson(document.owner);
  const brand = await loadBrand(document.workspaceId);
  await withMailErrorKept(recipient.id, context, () =>
    sendTemplateMail(
      'declined',
      mailLocale(document, document.owner),
      { documentName: document.name, ownerName: owner.name, declinedBy: decliner.name },
      { to: recipientPerson(recipient), replyTo: owner, brand },
    ),
  );
  await db.recipient.update({ where: { id: recipient.id }, data: { mailError: null } });
  return 'sent';
}
