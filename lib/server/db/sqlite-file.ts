import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The file behind a `file:` URL, without touching the disk; undefined for
 * another database. `file:/abs/x.db`, `file:./rel/x.db` (from the working
 * directory) or `file:///abs/x.db`; a query string is ignored. The one reading
 * of the URL, so the file opened and the file whose permissions are tightened
 * (private-data.ts) are always the same.
 */
export function sqliteFileOf(url: string): string | undefined {
  if (!url.startsWith('file:')) return undefined;
  const raw = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).replace(/\?.*$/, '');
  return path.resolve(raw);
}

/** The file behind a `file:` URL, its folder created, so a fresh clone or a custom DATABASE_URL works without preparing anything. */
export function sqliteFileFromUrl(url: string): string {
  const file = sqliteFileOf(url);
  if (!file) throw new Error(`not a SQLite URL: ${url}`);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return file;
}
