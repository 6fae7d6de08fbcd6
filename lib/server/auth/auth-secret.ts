import 'server-only';
import { randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TEnv } from '@/lib/env';
import { logger } from '@/lib/server/logger';

const loaded = new Map<string, string>();

/**
 * The key that encrypts our session cookie: AUTH_SECRET when set; otherwise
 * one generated once into the data folder (like the blob key), so sessions
 * survive restarts. Several app instances must share it: set the variable.
 */
export function loadAuthSecret(env: Pick<TEnv, 'AUTH_SECRET' | 'dataDir'>): string {
  if (env.AUTH_SECRET) return env.AUTH_SECRET;
  const file = path.join(env.dataDir, 'keys', 'auth.secret');
  // Read once per process: the proxy asks on every protected request.
  const known = loaded.get(file);
  if (known) return known;
  const secret = readOrCreate(file);
  loaded.set(file, secret);
  return secret;
}

function readOrCreate(file: string): string {
  try {
    const secret = readFileSync(file, 'utf8').trim();
    if (secret.length >= 32) return secret;
    throw new Error(`${file} does not hold a secret of at least 32 characters`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64');
  try {
    writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return readFileSync(file, 'utf8').trim();
    throw error;
  }
  logger.warn('AUTH_SECRET is not set: generated one; set the variable when running more than one instance', { file });
  return secret;
}
