import 'server-only';
import path from 'node:path';
import type { TEnv } from '@/lib/env';
import { readOrCreateKeyFile } from '@/lib/server/storage/key-file';
import { logger } from '@/lib/server/logger';

const loaded = new Map<string, string>();

/**
 * The key that encrypts our session cookie: AUTH_SECRET when set; otherwise
 * one generated once into the data folder (like the blob key, at boot), so
 * sessions survive restarts. Several app instances must share it: set the
 * variable (required with PostgreSQL, lib/env.ts).
 */
export function loadAuthSecret(env: Pick<TEnv, 'AUTH_SECRET' | 'dataDir'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, 'keys', 'auth.secret');
  // Read once per process: the proxy asks on every protected request.
  const known = loaded.get(file);
  if (known) return known;
  const { key, created } = readOrCreateKeyFile(file);
  if (created)
    logger.warn('AUTH_SECRET is not set: generated one; set the variable when running more than one instance', {
      file,
    });
  const secret = key.toString('base64');
  loaded.set(file, secret);
  return secret;
}
