#!/usr/bin/env node
// `npm run bench [-- name …]`: runs bench/<name>.ts (all of them without names).
// Each benchmark measures its own baseline in the same run and prints ratios.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

await runOnSupportedNode();

const root = path.resolve(import.meta.dirname, '..');
const benchDir = path.join(root, 'bench');
const available = (existsSync(benchDir) ? readdirSync(benchDir) : [])
  .filter((file) => file.endsWith('.bench.ts'))
  .map((file) => file.replace(/\.bench\.ts$/, ''))
  .sort();
const wanted = process.argv.slice(2);
const unknown = wanted.filter((name) => !available.includes(name));
if (unknown.length) {
  console.error(`bench: unknown benchmark ${unknown.join(', ')}; available: ${available.join(', ') || 'none'}`);
  process.exit(2);
}
if (!available.length) console.log('bench: no benchmarks in bench/');
// As npm start and npm test do, so a fresh clone benches without a manual step: the locked
// dependencies with their native module built, and the Prisma clients the benches import.
ensureDependencies({ quiet: true });
const generated = spawnSync(process.execPath, [path.join(root, 'scripts', 'db.mjs'), 'generate', '--if-stale'], {
  cwd: root,
  stdio: 'inherit',
});
if (generated.status !== 0) process.exit(generated.status ?? 1);
for (const name of wanted.length ? wanted : available) {
  console.log(`\n# bench ${name}`);
  const result = spawnSync(
    process.execPath,
    ['--conditions=react-server', '--import', 'tsx', path.join(root, 'bench', `${name}.bench.ts`)],
    { cwd: root, stdio: 'inherit' },
  );
  if (result.status !== 0) process.exit(result.status ?? 1);
}
