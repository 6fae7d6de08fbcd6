import 'server-only';
import { API_SCOPES, canonicalScopes, type TApiScope } from '@/lib/api/v1/api-keys';

/**
 * Keys made before scopes were enforced were stored with the one word
 * "documents", which always meant the document endpoints: read and write.
 * Mapped here when read, rather than rewritten by a data migration, so a
 * key restored from an old backup means the same.
 */
const LEGACY: Record<string, readonly TApiScope[]> = { documents: ['documents:read', 'documents:write'] };

const isScope = (word: string): word is TApiScope => (API_SCOPES as readonly string[]).includes(word);

/** The scopes of a stored key (space-separated in ApiKey.scopes); a word no longer known grants nothing. */
export function parseStoredScopes(stored: string): TApiScope[] {
  const words = stored.split(' ').filter(Boolean);
  return canonicalScopes(words.flatMap((word) => LEGACY[word] ?? (isScope(word) ? [word] : [])));
}

export const storeScopes = (scopes: readonly TApiScope[]): string => canonicalScopes(scopes).join(' ');
