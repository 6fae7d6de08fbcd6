import 'server-only';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { newApiKeySecret } from './api-key-secret';

/** At most this many live keys per user: enough for every integration, few enough to review. */
export const MAX_API_KEYS = 20;

export type TApiKeyView = { id: string; name: string; prefix: string; createdAt: string; lastUsedAt: string | null };

export function apiKeyView(key: { id: string; name: string; prefix: string; createdAt: Date; lastUsedAt: Date | null }): TApiKeyView {
  return { id: key.id, name: key.name, prefix: key.prefix, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null };
}

/** A new key for the user; the secret is returned here once and never again. */
export async function createApiKey(ownerId: string, name: string): Promise<TApiKeyView & { secret: string }> {
  const live = await db.apiKey.count({ where: { ownerId, revokedAt: null } });
  if (live >= MAX_API_KEYS) throw new AppError('CONFLICT', `You have ${MAX_API_KEYS} API keys; revoke one first.`);
  const { secret, prefix, hash } = newApiKeySecret();
  const key = await db.apiKey.create({ data: { ownerId, name, prefix, hash, scopes: 'documents' } });
  return { ...apiKeyView(key), secret };
}
