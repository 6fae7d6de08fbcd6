// Plain Node (no server-only): scripts, workers and tests hash with it too.
import { createHash } from 'node:crypto';

/** SHA-256 of bytes or UTF-8 text as lowercase hex: the form every digest Signet stores or compares takes. */
export function sha256Hex(data: string | Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}
