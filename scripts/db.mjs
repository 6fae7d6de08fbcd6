#!/usr/bin/env node
// Database tasks: `node scripts/db.mjs <command>` (npm run db:<command>).
//   generate [--if-stale]   both Prisma clients (SQLite and PostgreSQL)
//   migrate                 applies pending migrations to DATABASE_URL (default: the SQLite file)
//   new-migration <name>    SQL for both databases from the changes to prisma/schema.prisma
//   seed [--first-time]     demo users (local identity provider only); --first-time seeds only once per database
//   admin <grant|revoke> <email> | admin list   who is an administrator (npm run admin)
//   admin plan <workspace id | email> <free|pro|enterprise>   a workspace's plan (npm run admin)
//   apikey create --email <user> …   an API key for a user (npm run apikey)
//   biometric …             opens escrowed biometric records (npm run biometric)
// Each runs a TypeScript file through tsx; the react-server condition lets
// them import server-only modules outside Next.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

await runOnSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const [command, ...args] = process.argv.slice(2);

function runTs(file, extraArgs) {
  const result = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(root, file), ...extraArgs],
    { cwd: root, stdio: 'inherit' },
  );
  return result.status ?? 1;
}

const tasks = {
  generate: () => runTs('scripts/db-generate.ts', args),
  migrate: () => runTs('scripts/db-migrate.ts', args),
  'new-migration': () => runTs('scripts/db-new-migration.ts', args),
  // The seed uses the generated client, which may be missing on a fresh clone.
  seed: () => runTs('scripts/db-generate.ts', ['--if-stale']) || runTs('prisma/seed.ts', args),
  admin: () => runTs('scripts/db-generate.ts', ['--if-stale']) || runTs('scripts/admin.ts', args),
  apikey: () => runTs('scripts/db-generate.ts', ['--if-stale']) || runTs('scripts/apikey.ts', args),
  biometric: () => runTs('scripts/db-generate.ts', ['--if-stale']) || runTs('scripts/biometric.ts', args),
};

if (!Object.hasOwn(tasks, command ?? '')) {
  console.error(
    'usage: node scripts/db.mjs <generate [--if-stale] | migrate | new-migration <name> | seed [--first-time] | admin <grant|revoke> <email> | admin list | admin plan <workspace id | email> <free|pro|enterprise> | apikey create --email <user> … | biometric …>',
  );
  process.exit(2);
}
process.exit(tasks[command]());
