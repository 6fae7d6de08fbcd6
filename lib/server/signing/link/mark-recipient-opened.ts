import 'server-only';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import { db, type TDbClient } from '@/lib/server/db/client';
import type { TRequestMeta } from '@/lib/server/http/client-address';
import { advanceSigning } from '../actions/advance-signing';
import { lockDocument } from './lock-document';

type TOpener = { id: string; email: string; role: string; documentId: string; openedAt: Date | null };

/**
 * The first look at the signing page's data: the recipient becomes OPENED
 * (unless already further) with openedAt and one `recipient.opened` audit
 * event. A compare-and-set on openedAt makes it once, however many tabs open
 * at the same moment. A viewer has done what was asked of them by opening, so
 * the turn may move on (advanceSigning, as after a signature).
 */
export async function markRecipientOpened(
  recipient: TOpener,
  meta: TRequestMeta,
  client: TDbClient = db,
): Promise<boolean> {
  if (recipient.openedAt) return false;
  const opened = await client.$transaction(async (tx) => {
    await lockDocument(tx, recipient.documentId);
    const now = new Date();
    const { count } = await tx.recipient.updateMany({
      where: { id: recipient.id, openedAt: null },
      data: { openedAt: now },
    });
    if (count !== 1) return false;
    // Opening never takes back a later state (signed, declined), and a link implies the invitation reached them.
    await tx.recipient.updateMany({
      where: { id: recipient.id, status: { in: ['NOT_SENT', 'SENT'] } },
      data: { status: 'OPENED' },
    });
    await appendAuditEvent(tx, {
      documentId: recipient.documentId,
      type: 'recipient.opened',
      actor: `recipient:${recipient.id}`,
      ...meta,
      at: now,
      data: { recipientId: recipient.id, email: recipient.email },
    });
    return true;
  });
  if (opened && recipient.role === 'VIEWER') await advanceSigning(recipient.documentId, client);
  return opened;
}
