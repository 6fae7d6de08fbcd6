import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { lockDocument } from '../link/lock-document';
import { findRecipientForMail, mailLocale, ownerPerson, recipientPerson, withMailErrorKept } from './mail-recipient';
import { dropSigningLink, issueSigningLink, signingUrl } from '../link/signing-link';
import { sendSigningMail } from './signing-mail';
import { hasFinished } from '../actions/signing-turn';

/** invitation: their turn came; resend: the owner asked for a fresh link; reminder: still waiting for them. */
export type TDeliveryKind = 'invitation' | 'resend' | 'reminder';
export type TDeliveryPayload = { recipientId: string; kind: TDeliveryKind; requestedAt?: string };

const auditType = {
  invitation: 'recipient.invited',
  resend: 'recipient.invited',
  reminder: 'recipient.reminded',
} as const;

/**
 * Jobs mail.invitation and mail.reminder: issues a fresh signing link (the
 * token exists only in this mail) and mails it. Does nothing once the
 * document is not pending or the recipient has finished, for an invitation
 * already delivered, or for a reminder already sent since it was asked for,
 * so retries and duplicates are harmless. A failed send drops its link.
 */
export async function deliverSigningLink(
  payload: TDeliveryPayload,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (!recipient || recipient.role === 'CC' || hasFinished(recipient)) return 'skipped';
  const { document } = recipient;
  if (document.status !== 'PENDING' || (document.expiresAt && document.expiresAt <= new Date())) return 'skipped';
  if (payload.kind === 'invitation' && recipient.sentAt) return 'skipped';
  if (
    payload.kind === 'reminder' &&
    recipient.remindedAt &&
    payload.requestedAt &&
    recipient.remindedAt >= new Date(payload.requestedAt)
  )
    return 'skipped';

  const token = await issueSigningLink(db, recipient.id);
  const owner = ownerPerson(document.owner);
  const locale = mailLocale(document, document.owner);
  await withMailErrorKept(recipient.id, context, async () => {
    try {
      await sendSigningMail(
        payload.kind === 'reminder' ? 'reminder' : 'invitation',
        locale,
        {
          documentName: document.name,
          ownerName: owner.name,
          ownerEmail: owner.address,
          recipientName: recipient.name,
          role: recipient.role === 'CC' ? 'VIEWER' : recipient.role,
          ...(document.message ? { message: document.message } : {}),
          signUrl: signingUrl(token, locale),
          ...(document.expiresAt ? { expiresAt: document.expiresAt } : {}),
        },
        { to: recipientPerson(recipient), replyTo: owner, brand: await loadBrand(document.workspaceId) },
      );
    } catch (error) {
      await dropSigningLink(db, token);
      throw error;
    }
  });

  const now = new Date();
  await db.$transaction(async (tx) => {
    await lockDocument(tx, document.id);
    await tx.recipient.update({
      where: { id: recipient.id },
      data: {
        mailError: null,
        ...(recipient.sentAt ? {} : { sentAt: now }),
        ...(payload.kind === 'reminder' ? { remindedAt: now } : {}),
      },
    });
    // Delivered: the recipient has a link now (a later status, e.g. opened, stays).
    await tx.recipient.updateMany({ where: { id: recipient.id, status: 'NOT_SENT' }, data: { status: 'SENT' } });
    await appendAuditEvent(tx, {
      documentId: document.id,
      type: auditType[payload.kind],
      actor: 'system',
      at: now,
      data: {
        recipientId: recipient.id,
        email: recipient.email,
        role: recipient.role.toLowerCase(),
        kind: payload.kind,
      },
    });
  });
  return 'sent';
}
