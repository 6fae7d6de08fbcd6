import 'server-only';
import { loadBrand } from '@/lib/server/branding/load-brand';
import { db } from '@/lib/server/db/client';
import type { TJobContext } from '@/lib/server/jobs/define-job';
import { findRecipientForMail, mailLocale, ownerPerson, recipientPerson, withMailErrorKept } from './mail-recipient';
import { sendSigningMail } from './signing-mail';

export type TNoticePayload = { recipientId: string; notice: 'cancelled' | 'expired' };

const statusOf = { cancelled: 'CANCELLED', expired: 'EXPIRED' } as const;

/**
 * Jobs mail.cancelled and mail.expired: tells an invited recipient that the
 * document will not be signed (cancelled by its owner, with the reason, or
 * past its deadline). Does nothing unless the document is in that state.
 */
export async function notifyRecipient(
  payload: TNoticePayload,
  context: Pick<TJobContext, 'attempt' | 'maxAttempts'>,
): Promise<'sent' | 'skipped'> {
  const recipient = await findRecipientForMail(payload.recipientId);
  if (!recipient || recipient.document.status !== statusOf[payload.notice]) return 'skipped';
  const { document } = recipient;
  const owner = ownerPerson(document.owner);
  const brand = await loadBrand(document.workspaceId);
  await withMailErrorKept(recipient.id, context, () =>
    sendSigningMail(
      payload.notice,
      mailLocale(document, document.owner),
      {
        documentName: document.name,
        ownerName: owner.name,
        ...(payload.notice === 'cancelled' && document.cancelReason ? { reason: document.cancelReason } : {}),
      },
      { to: recipientPerson(recipient), replyTo: owner, brand },
    ),
  );
  await db.recipient.update({ where: { id: recipient.id }, data: { mailError: null } });
  return 'sent';
}
