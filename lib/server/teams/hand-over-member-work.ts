import 'server-only';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import type { TTransaction } from '@/lib/server/db/client';
import { assertOwnerRemains } from './team-rules';

export type THandOverReason = 'left' | 'removed' | 'account_deleted';

/**
 * What a member made in a team stays the team's when they leave, are removed or their account is deleted
 * (docs/teams.md): their documents and deleted-upload records pass to the team's longest-standing owner, so owner
 * mails keep reaching someone in the team and the quota keeps its count; each document's audit trail records the
 * change (who made it stays in its `document.uploaded` event). What would let them keep reaching the team ends: their
 * API keys there are revoked, their webhooks pass to the heir disabled (their addresses were the departed member's
 * choice; the heir may turn them on again), and the invitations they sent are withdrawn. Call inside the transaction
 * that ends the membership, after it ended, under the team's row lock.
 */
export async function handOverMemberWork(
  tx: TTransaction,
  {
    workspaceId,
    userId,
    actor,
    reason,
  }: { workspaceId: string; userId: string; actor: string; reason: THandOverReason },
): Promise<{ heirId: string; documents: number }> {
  await assertOwnerRemains(tx, workspaceId);
  const heir = await tx.membership.findFirstOrThrow({
    where: { workspaceId, role: 'OWNER', userId: { not: userId } },
    orderBy: { createdAt: 'asc' },
    select: { userId: true },
  });
  const now = new Date();
  const documents = await tx.document.findMany({ where: { workspaceId, ownerId: userId }, select: { id: true } });
  const owned = { workspaceId, ownerId: userId };
  await tx.document.updateMany({ where: owned, data: { ownerId: heir.userId } });
  await tx.webhook.updateMany({ where: owned, data: { ownerId: heir.userId, active: false } });
  await tx.deletedUpload.updateMany({ where: owned, data: { ownerId: heir.userId } });
  await tx.apiKey.updateMany({ where: { ...owned, revokedAt: null }, data: { revokedAt: now } });
  await tx.invitation.updateMany({
    where: { workspaceId, invitedById: userId, acceptedAt: null, revokedAt: null },
    data: { revokedAt: now },
  });
  // One event per document, in this transaction: a member with thousands of documents makes a long one.
  for (const { id } of documents) {
    await appendAuditEvent(tx, {
      documentId: id,
      type: 'document.owner_changed',
      actor,
      data: { from: userId, to: heir.userId, reason },
    });
  }
  return { heirId: heir.userId, documents: documents.length };
}
