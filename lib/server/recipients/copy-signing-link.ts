import 'server-only';
import type { TWorkspaceCaller } from '@/lib/server/workspaces/workspace-caller';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { lockDocument } from '@/lib/server/signing/link/lock-document';
import { mailLocale } from '@/lib/server/signing/notices/mail-recipient';
import { issueSigningLink, revokeSigningLinks, signingUrl } from '@/lib/server/signing/link/signing-link';
import { requireTurnRecipient } from './require-turn-recipient';

/**
 * POST /api/v1/documents/{id}/recipients/{rid}/link: a fresh link for the
 * owner to deliver another way (links are stored hashed, so a copy is always
 * a new one); the recipient's earlier links answer 410 replaced. The
 * recipient counts as sent from now on.
 */
export async function copySigningLink(
  documentId: string,
  recipientId: string,
  owner: TWorkspaceCaller,
  meta: TRequestMeta,
): Promise<{ url: string }> {
  const { token, locale } = await db.$transaction(async (tx) => {
    await lockDocument(tx, documentId);
    const { document, recipient } = await requireTurnRecipient(tx, documentId, recipientId, owner.workspaceId);
    const user = await tx.user.findUniqueOrThrow({ where: { id: owner.userId }, select: { locale: true } });
    await revokeSigningLinks(tx, [recipient.id], 'replaced');
    const fresh = await issueSigningLink(tx, recipient.id);
    const now = new Date();
    if (!recipient.sentAt) await tx.recipient.update({ where: { id: recipient.id }, data: { sentAt: now } });
    await tx.recipient.updateMany({ where: { id: recipient.id, status: 'NOT_SENT' }, data: { status: 'SENT' } });
    await appendAuditEvent(tx, {
      documentId,
      type: 'recipient.link_copied',
      actor: owner.actor,
      ...meta,
      at: now,
      data: { recipientId: recipient.id, email: recipient.email },
    });
    // The language the invitations went out in: the page opens in it, as from the mail.
    return { token: fresh, locale: mailLocale(document, user) };
  });
  return { url: signingUrl(token, locale) };
}
