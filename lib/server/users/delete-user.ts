import 'server-only';
import { z } from 'zod';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { logger } from '@/lib/server/logger';
import { getBlobStore } from '@/lib/server/storage/get-blob-store';

/** A user id as the admin list shows it (cuid); anything else is refused before the database is asked. */
export const ZUserId = z.string().regex(/^[a-z0-9]{20,40}$/, { error: 'Not a user id.' });

export type TDeleteUserOptions = { actorId: string; userId: string };

/**
 * An administrator deletes another user's account: the user row and, by the
 * schema's cascades, their identities, documents (with recipients, fields and
 * audit trails), API keys and webhooks; then the documents' blobs, as
 * deleteDocument does (one that cannot be deleted now is left to the leftover
 * sweeper, since no row points at it). Their open sessions end at their next
 * request: requireUser finds no user. Recipients of a document out for
 * signature are not told (their links stop working).
 */
export async function deleteUser({
  actorId,
  userId,
}: TDeleteUserOptions): Promise<{ email: string; documents: number }> {
  if (actorId === userId) throw new AppError('FORBIDDEN', 'You cannot delete your own account.');
  const removed = await db.$transaction(async (tx) => {
    const user = await tx.user.findUnique({ where: { id: userId }, select: { email: true } });
    if (!user) return null;
    const documents = await tx.document.findMany({
      where: { ownerId: userId },
      select: { originalBlob: true, currentBlob: true, sealedBlob: true, certificateBlob: true },
    });
    // deleteMany: a delete that lost a race to another one finds 0 rows instead of throwing.
    const { count } = await tx.user.deleteMany({ where: { id: userId } });
    return count === 1 ? { email: user.email, documents } : null;
  });
  if (!removed) throw new AppError('NOT_FOUND', 'No user has this id.');
  logger.info('user deleted by an administrator', { actorId, userId, documents: removed.documents.length });
  const store = getBlobStore();
  for (const key of removed.documents.flatMap((document) => [
    document.originalBlob,
    document.currentBlob,
    document.sealedBlob,
    document.certificateBlob,
  ])) {
    if (!key) continue;
    await store
      .delete(key)
      .catch((error: unknown) => logger.warn('blob of a deleted user left to the sweeper', { key, error }));
  }
  return { email: removed.email, documents: removed.documents.length };
}
