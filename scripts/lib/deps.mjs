// Makes node_modules match package-lock.json, with native modules really built.
// Plain Node only: this runs before any dependency is installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const stamp = path.join(root, 'node_modules', '.signet-lock-hash');

function run(command, args, cwd = root) {
  const result = spawnSync(command, args, { cwd, stdio: 'inherit' });
  if (result.status !== 0) {
    console.error(`signet: '${command} ${args.join(' ')}' failed (exit ${result.status ?? result.signal}).`);
    process.exit(result.status ?? 1);
  }
}

function lockHash() {
  return createHash('sha256')
    .update(readFileSync(path.join(root, 'package-lock.json')))
    .digest('hex');
}

/**
 * better-sqlite3 loads a Node-API build shipped inside its package (Linux,
 * macOS and Windows on x64 and arm64), the same for every Node version; a
 * module that does not load is the classic failure, so it is proven here.
 */
function nativeModulesLoad() {
  const probe = "const D=require('better-sqlite3');new D(':memory:').prepare('select 1').get()";
  return spawnSync(process.execPath, ['-e', probe], { cwd: root, stdio: 'ignore' }).status === 0;
}

export function ensureDependencies({ quiet = false } = {}) {
  const hash = lockHash();
  const installed = existsSync(stamp) && readFileSync(stamp, 'utf8') === hash;
  if (!installed) {
    // Not `npm ci`: the registry reachable here lacks some other-platform
    // optional binaries (e.g. @swc/core-darwin-*), so the lock cannot list
    // them and `npm ci` refuses it as out of sync. `npm install --no-save`
    // installs exactly the locked versions without rewriting the lock.
    if (!quiet) console.log('signet: installing npm dependencies (npm install from package-lock.json)…');
    run('npm', ['install', '--no-save', '--no-audit', '--no-fund']);
  }
  if (!nativeModulesLoad()) {
    // No build for this platform in the package: compile its bundled sources (node-gyp from the registry).
    if (!quiet) console.log('signet: building better-sqlite3 from source (about 2 minutes)…');
    run(
      'npm',
      ['exec', '--yes', '--', 'node-gyp', 'rebuild', '--release'],
      path.join(root, 'node_modules', 'better-sqlite3'),
    );
    if (!nativeModulesLoad()) {
      console.error(
        'signet: better-sqlite3 still does not load after rebuilding; check that python3, make and g++ are installed.',
      );
      process.exit(1);
    }
  }
  writeFileSync(stamp, hash);
}
