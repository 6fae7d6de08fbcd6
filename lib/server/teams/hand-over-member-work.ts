import 'server-only';
import { AppError } from '@/lib/errors';
import { appendAuditEvent } from '@/lib/server/audit/append-audit-event';
import type { TTransaction } from '@/lib/server/db/client';

/**
 * What a member made in a team stays the team's when they leave, are removed or their account is deleted
 * (docs/teams.md): their documents, webhooks and deleted-upload records pass to the team's longest-standing owner,
 * so owner mails keep reaching someone in the team and the quota keeps its count; each document's audit trail
 * records the change (who made it stays in its `document.uploaded` event). Their API keys in the team end: a key
 * acts as its maker. Call inside the transaction that ends the membership, after it ended.
 */
export async function handOverMemberWork(
  tx: TTransaction,
  { workspaceId, userId, actor }: { workspaceId: string; userId: string; actor: string },
): Promise<{ heirId: string; documents: number }> {
  const heir = await tx.membership.findFirst({
    where: { workspaceId, role: 'OWNER', userId: { not: userId } },
    orderBy: { createdAt: 'asc' },
    select: { userId: true },
  });
  if (!heir) throw new AppError('CONFLICT', 'A team needs at least one owner: make another member an owner first.');
  const documents = await tx.document.findMany({ where: { workspaceId, ownerId: userId }, select: { id: true } });
  const owned = { workspaceId, ownerId: userId };
  await tx.document.updateMany({ where: owned, data: { ownerId: heir.userId } });
  await tx.webhook.updateMany({ where: owned, data: { ownerId: heir.userId } });
  await tx.deletedUpload.updateMany({ where: owned, data: { ownerId: heir.userId } });
  await tx.apiKey.updateMany({ where: { ...owned, revokedAt: null }, data: { revokedAt: new Date() } });
  for (const { id } of documents) {
    await appendAuditEvent(tx, {
      documentId: id,
      type: 'document.owner_changed',
      actor,
      data: { from: userId, to: heir.userId, reason: 'left the team' },
    });
  }
  return { heirId: heir.userId, documents: documents.length };
}
