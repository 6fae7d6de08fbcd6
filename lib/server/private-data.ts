import { chmodSync, existsSync, mkdirSync } from 'node:fs';
import { isMainThread } from 'node:worker_threads';

/** New files and folders are for this user alone (0600 files, 0700 folders). */
export const PRIVATE_UMASK = 0o077;

export type TPrivateDataTarget = { dataDir: string; sqliteFile?: string };

function tighten(target: string, mode: number, warnings: string[]): void {
  try {
    chmodSync(target, mode);
  } catch (error) {
    warnings.push(`cannot make ${target} private (${(error as Error).message}): chmod ${mode.toString(8)} it yourself`);
  }
}

/**
 * Keeps the data folder (keys, blobs, mail outbox, the SQLite file) out of
 * other local users' reach: everything this process creates from now on is
 * private (umask 077), the data folder itself becomes 0700 (which also covers
 * files an older version left world-readable inside it), and a SQLite file
 * that lives elsewhere becomes 0600 with its journal files. Returns what it
 * could not change, for the caller to print.
 */
export function makeDataPrivate({ dataDir, sqliteFile }: TPrivateDataTarget): string[] {
  // Workers cannot set it (Node throws); they share the process's umask, set by the main thread.
  if (isMainThread) process.umask(PRIVATE_UMASK);
  const warnings: string[] = [];
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  tighten(dataDir, 0o700, warnings);
  if (sqliteFile) {
    for (const file of ['', '-wal', '-shm', '-journal'].map((suffix) => `${sqliteFile}${suffix}`)) {
      if (existsSync(/*turbopackIgnore: true*/ file)) tighten(file, 0o600, warnings);
    }
  }
  return warnings;
}
