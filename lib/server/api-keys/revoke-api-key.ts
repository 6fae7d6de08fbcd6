import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';

/** Revoked keys stay (their prefix explains old log lines) but authenticate nothing. */
export async function revokeApiKey(ownerId: string, id: string): Promise<void> {
  const { count } = await db.apiKey.updateMany({ where: { id, ownerId, revokedAt: null }, data: { revokedAt: new Date() } });
  if (count === 0) throw new AppError('NOT_FOUND', 'No such API key.');
}
