import 'server-only';
import type { TApiScope } from '@/lib/api/v1/api-keys';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { hashApiKey } from './api-key-secret';
import { parseStoredScopes } from './api-key-scopes';

const LAST_USED_RESOLUTION_MS = 60_000;

export type TAuthenticatedKey = {
  id: string;
  name: string;
  prefix: string;
  scopes: TApiScope[];
  /** The workspace the key was made in, the only one it acts in. */
  workspaceId: string;
};

/** The user a Bearer API key belongs to and the key, or UNAUTHORIZED; the key's last use is written at most once a minute. */
export async function authenticateApiKey(secret: string) {
  const key = await db.apiKey.findUnique({ where: { hash: hashApiKey(secret) }, include: { owner: true } });
  if (!key || key.revokedAt) throw new AppError('UNAUTHORIZED', 'The API key is unknown or revoked.');
  const now = Date.now();
  if (!key.lastUsedAt || now - key.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS) {
    await db.apiKey.update({ where: { id: key.id }, data: { lastUsedAt: new Date(now) } });
  }
  const authenticated: TAuthenticatedKey = {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: parseStoredScopes(key.scopes),
    workspaceId: key.workspaceId,
  };
  return { user: key.owner, key: authenticated };
}
