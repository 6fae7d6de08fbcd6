import 'server-only';
import { db } from '@/lib/server/db/client';
import { apiKeyView, type TApiKeyView } from './create-api-key';

export async function listApiKeys(ownerId: string): Promise<TApiKeyView[]> {
  const keys = await db.apiKey.findMany({ where: { ownerId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  return keys.map(apiKeyView);
}
