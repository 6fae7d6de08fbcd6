// A content hash of everything `next build` reads, so `npm start` rebuilds
// exactly when the build is missing or stale (mtimes differ on every clone).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const inputs = [
  'app',
  'components',
  'lib',
  'messages',
  'public',
  'prisma/schema.prisma',
  'proxy.ts',
  'instrumentation.ts',
  'next.config.mjs',
  'tailwind.config.ts',
  'postcss.config.mjs',
  'tsconfig.json',
  'package-lock.json',
];
const skipped = new Set(['node_modules', 'generated', '.next']);

function walk(relative: string, files: string[]): void {
  const absolute = path.join(root, relative);
  if (!existsSync(absolute)) return;
  if (statSync(absolute).isDirectory()) {
    for (const entry of readdirSync(absolute).sort()) {
      if (!skipped.has(entry) && !entry.endsWith('.test.ts')) walk(path.join(relative, entry), files);
    }
  } else {
    files.push(relative);
  }
}

export function buildHash(extra = ''): string {
  const files: string[] = [];
  for (const input of inputs) walk(input, files);
  const hash = createHash('sha256').update(extra);
  for (const file of files)
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(root, file)));
  return hash.digest('hex');
}

export const buildStampFile = path.join(root, '.next', 'SIGNET_BUILD_HASH');
