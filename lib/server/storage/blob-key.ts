import 'server-only';
import path from 'node:path';
import type { TEnv } from '@/lib/env';
import { readOrCreateKeyFile } from '@/lib/server/storage/key-file';
import { logger } from '@/lib/server/logger';

/**
 * The AES-256 key for blobs at rest: BLOB_ENCRYPTION_KEY when set (checked
 * strictly by lib/env.ts); otherwise a development key generated once into
 * the data folder (at boot, by scripts/boot.ts). Losing that file makes every
 * stored blob unreadable, hence the warning.
 */
export function loadBlobKey(env: Pick<TEnv, 'BLOB_ENCRYPTION_KEY' | 'dataDir'>): Buffer {
  if (env.BLOB_ENCRYPTION_KEY) return Buffer.from(env.BLOB_ENCRYPTION_KEY, 'base64');
  const file = path.join(env.dataDir, 'keys', 'blob.key');
  const { key, created } = readOrCreateKeyFile(file);
  if (created) {
    logger.warn('BLOB_ENCRYPTION_KEY is not set: generated a development key; back it up or set the variable', {
      file,
    });
  }
  return key;
}
