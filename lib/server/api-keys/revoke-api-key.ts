import 'server-only';
import { AppError } from '@/lib/errors';
import { db, type TTransaction } from '@/lib/server/db/client';
import { lockUserRow } from '@/lib/server/users/lock-user-row';

/**
 * Revokes the owner's live keys that match, and disables the webhooks they
 * created, inside the caller's transaction: a webhook registered with a leaked
 * key must not keep receiving documents and recipients' names once the key is
 * revoked. The owner's row lock orders this against a webhook being created
 * with one of these keys at the same moment (lib/server/webhooks/create-webhook.ts
 * takes it too, then checks its key is still live). Returns how many keys.
 */
export async function revokeKeys(
  tx: TTransaction,
  ownerId: string,
  match: { id?: string; endsWithSessions?: true },
): Promise<number> {
  await lockUserRow(tx, ownerId);
  const keys = await tx.apiKey.findMany({ where: { ownerId, revokedAt: null, ...match }, select: { id: true } });
  if (keys.length === 0) return 0;
  const ids = keys.map((key) => key.id);
  await tx.apiKey.updateMany({ where: { id: { in: ids } }, data: { revokedAt: new Date() } });
  await tx.webhook.updateMany({
    where: { ownerId, createdByKeyId: { in: ids }, active: true },
    data: { active: false },
  });
  return ids.length;
}

/**
 * Revokes a key of the workspace. Revoked keys stay (their prefix explains old log lines) but authenticate
 * nothing; their webhooks are disabled with them. A key of another workspace is unknown (404).
 */
export async function revokeApiKey(workspaceId: string, id: string): Promise<void> {
  const key = await db.apiKey.findFirst({ where: { id, workspaceId, revokedAt: null }, select: { ownerId: true } });
  const count = key ? await db.$transaction((tx) => revokeKeys(tx, key.ownerId, { id })) : 0;
  if (count === 0) throw new AppError('NOT_FOUND', 'No such API key.');
}
