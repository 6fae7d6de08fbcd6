import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';

/**
 * The AES-256 key for blobs at rest: BLOB_ENCRYPTION_KEY when set; otherwise a
 * development key generated once into the data folder. Losing that file makes
 * every stored blob unreadable, hence the warning.
 */
export function loadBlobKey(env: Pick<TEnv, 'BLOB_ENCRYPTION_KEY' | 'dataDir'>): Buffer {
  if (env.BLOB_ENCRYPTION_KEY) return Buffer.from(env.BLOB_ENCRYPTION_KEY, 'base64');
  const file = path.join(env.dataDir, 'keys', 'blob.key');
  try {
    const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
    if (key.length === 32) return key;
    throw new Error(`${file} does not hold a 32-byte base64 key`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
  logger.warn('BLOB_ENCRYPTION_KEY is not set: generated a development key; back it up or set the variable', {
    file,
  });
  return key;
}
