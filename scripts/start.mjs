#!/usr/bin/env node
// `npm start`: install what is missing, then hand over to scripts/boot.ts,
// which validates the environment, migrates, seeds, builds if stale and serves.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
await runOnSupportedNode();
ensureDependencies();

const child = spawn(
  process.execPath,
  ['--conditions=react-server', '--import', 'tsx', path.join(root, 'scripts', 'boot.ts'), ...process.argv.slice(2)],
  { cwd: root, stdio: 'inherit' },
);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
