import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The file behind a `file:` URL: `file:/abs/x.db`, `file:./rel/x.db` (from the
 * working directory) or `file:///abs/x.db`. Its folder is created, so a fresh
 * clone or a custom DATABASE_URL works without preparing anything.
 */
export function sqliteFileFromUrl(url: string): string {
  if (!url.startsWith('file:')) throw new Error(`not a SQLite URL: ${url}`);
  const raw = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length).replace(/\?.*$/, '');
  const file = path.resolve(raw);
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  return file;
}
