import 'server-only';
import { personalWorkspaceId } from '@/lib/server/workspaces/personal-workspace-id';
import { API_SCOPES, type TApiKey, type TApiScope, type TCreatedApiKey } from '@/lib/api/v1/api-keys';
import { AppError } from '@/lib/errors';
import { db } from '@/lib/server/db/client';
import { lockUserRow } from '@/lib/server/users/lock-user-row';
import { newApiKeySecret } from './api-key-secret';
import { parseStoredScopes, storeScopes } from './api-key-scopes';

/** At most this many live keys per user: enough for every integration, few enough to review. */
export const MAX_API_KEYS = 20;

type TStoredKey = {
  id: string;
  name: string;
  prefix: string;
  scopes: string;
  endsWithSessions: boolean;
  createdAt: Date;
  lastUsedAt: Date | null;
};

export function apiKeyView(key: TStoredKey): TApiKey {
  return {
    id: key.id,
    name: key.name,
    prefix: key.prefix,
    scopes: parseStoredScopes(key.scopes),
    endsWithSessions: key.endsWithSessions,
    createdAt: key.createdAt.toISOString(),
    lastUsedAt: key.lastUsedAt?.toISOString() ?? null,
  };
}

export type TNewKeyOptions = {
  scopes?: readonly TApiScope[];
  endsWithSessions?: boolean;
  /** The workspace the key acts in; the user's personal one when left out. */
  workspaceId?: string;
};

/** A new key for the user (every scope unless told otherwise); the secret is returned here once and never again. */
export async function createApiKey(
  ownerId: string,
  name: string,
  options: TNewKeyOptions = {},
): Promise<TCreatedApiKey> {
  const { secret, prefix, hash } = newApiKeySecret();
  const key = await db.$transaction(async (tx) => {
    // Counted under the owner's row lock, so parallel creations cannot together pass the limit.
    await lockUserRow(tx, ownerId);
    const live = await tx.apiKey.count({ where: { ownerId, revokedAt: null } });
    if (live >= MAX_API_KEYS) throw new AppError('CONFLICT', `You have ${MAX_API_KEYS} API keys; revoke one first.`);
    const scopes = storeScopes(options.scopes ?? API_SCOPES);
    return tx.apiKey.create({
      data: {
        ownerId,
        workspaceId: options.workspaceId ?? personalWorkspaceId(ownerId),
        name,
        prefix,
        hash,
        scopes,
        endsWithSessions: options.endsWithSessions ?? false,
      },
    });
  });
  return { ...apiKeyView(key), secret };
}
