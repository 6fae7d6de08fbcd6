import 'server-only';
import type { TApiKey } from '@/lib/api/v1/api-keys';
import { db } from '@/lib/server/db/client';
import { apiKeyView } from './create-api-key';

export async function listApiKeys(ownerId: string): Promise<TApiKey[]> {
  const keys = await db.apiKey.findMany({ where: { ownerId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  return keys.map(apiKeyView);
}
