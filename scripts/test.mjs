#!/usr/bin/env node
// `npm test`: everything the project checks, in order, stopping at the first
// failure: lint, typecheck, unit tests, e2e on SQLite, then the database-layer
// tests and an e2e smoke against a throwaway PostgreSQL cluster.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import path from 'node:path';
import { ensureDependencies } from './lib/deps.mjs';
import { runOnSupportedNode } from './lib/node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '..');
const bin = (name) => path.join(root, 'node_modules', '.bin', name);
const started = Date.now();
const results = [];

function run(label, command, args, env = {}) {
  console.log(`\n▶ ${label}`);
  const begin = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } });
  const seconds = ((Date.now() - begin) / 1000).toFixed(1);
  results.push(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${label} (${seconds}s)`);
  if (result.status !== 0) throw new StepFailed(result.status ?? 1);
}

class StepFailed extends Error {
  constructor(code) {
    super(`step failed with exit ${code}`);
    this.code = code;
  }
}

function finish(code) {
  console.log(`\n${results.join('\n')}\ntotal ${((Date.now() - started) / 1000).toFixed(0)}s`);
  process.exit(code);
}

function capture(command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
  if (result.status !== 0) {
    results.push(`FAIL ${command} ${args.join(' ')}`);
    throw new StepFailed(result.status ?? 1);
  }
  return result.stdout.trim().split('\n').at(-1) ?? '';
}

function main() {
  ensureDependencies({ quiet: true });
  run('prisma clients', process.execPath, ['scripts/db.mjs', 'generate', '--if-stale']);
  run('route types', bin('next'), ['typegen']);
  run('lint', bin('eslint'), ['--max-warnings=0', '.']);
  run('format', bin('prettier'), ['--check', '.']);
  run('typecheck', bin('tsc'), ['--noEmit']);
  run('unit tests (SQLite)', bin('vitest'), ['run']);

  const e2eData = path.join(root, '.test-data', 'e2e-sqlite');
  rmSync(e2eData, { recursive: true, force: true });
  // The typecheck step above has checked every file the build compiles (next.config.mjs).
  process.env.SIGNET_BUILD_TYPECHECKED = '1';
  run('e2e (SQLite)', bin('playwright'), ['test'], { E2E_DATA_DIR: e2eData, DATABASE_URL: '' });
  // The specs that read mail from a real SMTP server (*.smtp.spec.ts), against the app pointed at it.
  run('e2e over SMTP (SQLite)', bin('playwright'), ['test'], {
    E2E_DATA_DIR: e2eData,
    DATABASE_URL: '',
    E2E_SMTP: '1',
  });

  const postgresUrl = capture(process.execPath, ['scripts/pg-cluster.mjs', 'start']);
  try {
    run('database-layer tests (PostgreSQL)', bin('vitest'), ['run', 'tests/db'], { TEST_POSTGRES_URL: postgresUrl });
    const pgData = path.join(root, '.test-data', 'e2e-postgres');
    rmSync(pgData, { recursive: true, force: true });
    run('e2e smoke (PostgreSQL)', bin('playwright'), ['test', '--grep', '@smoke'], {
      E2E_DATA_DIR: pgData,
      DATABASE_URL: postgresUrl,
      // Required with PostgreSQL (lib/env.ts): a fresh one per run.
      AUTH_SECRET: randomBytes(32).toString('base64'),
    });
  } finally {
    spawnSync(process.execPath, ['scripts/pg-cluster.mjs', 'stop'], { cwd: root, stdio: 'inherit' });
  }
}

await runOnSupportedNode();
try {
  main();
  finish(0);
} catch (error) {
  if (!(error instanceof StepFailed)) throw error;
  finish(error.code);
}
