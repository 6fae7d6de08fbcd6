import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { hashApiKey } from './api-key-secret';

const LAST_USED_RESOLUTION_MS = 60_000;

/** The user a Bearer API key belongs to, or UNAUTHORIZED; the key's last use is written at most once a minute. */
export async function authenticateApiKey(secret: string) {
  const key = await db.apiKey.findUnique({ where: { hash: hashApiKey(secret) }, include: { owner: true } });
  if (!key || key.revokedAt) throw new AppError('UNAUTHORIZED', 'The API key is unknown or revoked.');
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  }
  return { user: key.owner, prefix: key.prefix };
}
