import 'server-only';
import { randomBytes } from 'node:crypto';
import { sha256Hex } from '@/lib/sha256-hex';

/** `sgn_` + 32 random bytes (256 bits) in base64url: recognisable in logs and secret scanners, unguessable. */
export const API_KEY_PREFIX = 'sgn_';
const SHOWN_PREFIX_LENGTH = API_KEY_PREFIX.length + 8;

export function newApiKeySecret(): { secret: string; prefix: string; hash: string } {
  const secret = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { secret, prefix: secret.slice(0, SHOWN_PREFIX_LENGTH), hash: hashApiKey(secret) };
}

/** Keys are stored as their SHA-256: a leaked database does not leak working keys (256-bit secrets need no slow hash). */
export function hashApiKey(secret: string): string {
  return sha256Hex(secret);
}
