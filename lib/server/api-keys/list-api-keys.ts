import 'server-only';
import type { TApiKey } from '@/lib/api/v1/api-keys';
import { db } from '@/lib/server/db/client';
import { apiKeyView } from './create-api-key';

/** The live keys that act in the workspace, newest first. */
export async function listApiKeys(workspaceId: string): Promise<TApiKey[]> {
  const keys = await db.apiKey.findMany({ where: { workspaceId, revokedAt: null }, orderBy: { createdAt: 'desc' } });
  return keys.map(apiKeyView);
}
