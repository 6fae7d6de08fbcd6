import 'server-only';
import { randomBytes } from 'node:crypto';
import {
  chmodSync,
  closeSync,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from 'node:fs';
import path from 'node:path';
import { isBase64Key } from '@/lib/env-values';

export const KEY_BYTES = 32;

/** Decodes a key file's text, or throws naming the file: a damaged key must never be replaced silently. */
function parseKey(file: string, text: string): Buffer {
  const value = text.trim();
  if (!isBase64Key(value, KEY_BYTES))
    throw new Error(`${file} does not hold ${KEY_BYTES} bytes in base64; restore it from a backup`);
  return Buffer.from(value, 'base64');
}

function readKey(file: string): Buffer | undefined {
  try {
    return parseKey(file, readFileSync(file, 'utf8'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/**
 * A random 32-byte key kept in `file` (base64), created on first use. Several
 * processes may start on one data folder at once: each writes its candidate
 * to a private temporary file and hard-links it into place. link() fails when
 * the name exists, so the first writer wins, a loser reads the winner's key,
 * and no reader ever sees a half-written file. The key is 0600 in a 0700
 * folder, and its length is checked on every read.
 */
export function readOrCreateKeyFile(file: string): { key: Buffer; created: boolean } {
  const existing = readKey(file);
  if (existing) return { key: existing, created: false };
  const folder = path.dirname(file);
  mkdirSync(folder, { recursive: true, mode: 0o700 });
  chmodSync(folder, 0o700);
  const key = randomBytes(KEY_BYTES);
  const temporary = `${file}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`;
  const fd = openSync(temporary, 'wx', 0o600);
  try {
    writeSync(fd, key.toString('base64'));
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    linkSync(temporary, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    // Another process won the race: its key is complete (it was linked only after being written).
    return { key: parseKey(file, readFileSync(file, 'utf8')), created: false };
  } finally {
    unlinkSync(temporary);
  }
  const dir = openSync(folder, 'r');
  try {
    fsyncSync(dir); // the new name survives a crash
  } finally {
    closeSync(dir);
  }
  return { key, created: true };
}
