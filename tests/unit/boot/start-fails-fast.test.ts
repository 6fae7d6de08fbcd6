import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

/** `npm start` with a bad variable: stops before touching anything, with one line naming it. */
function start(env: Record<string, string>) {
  return spawnSync(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
    env: { ...process.env, DATA_DIR: path.join(root, '.test-data', 'never-created'), ...env },
  });
}

describe('npm start with a bad environment', () => {
  it.each([
    ['DATABASE_URL', 'nonsense'],
    ['PORT', 'eighty'],
    ['SMTP_URL', 'http://mail.example.com'],
  ])('%s=%s fails fast with one line naming the variable', (variable, value) => {
    const result = start({ [variable]: value });
    expect(result.status).not.toBe(0);
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(new RegExp(`^signet: Invalid environment variable ${variable}: `));
    expect(result.stdout).not.toMatch(/applied migrations|building|serving/);
  });

  it('refuses PostgreSQL without AUTH_SECRET, naming the variable', () => {
    const result = start({ DATABASE_URL: 'postgresql://signet:x@127.0.0.1:1/signet', AUTH_SECRET: '' });
    expect(result.status).not.toBe(0);
    expect(result.stderr.trim()).toMatch(/^signet: Invalid environment variable AUTH_SECRET: required when DATABASE_URL is PostgreSQL/);
    expect(result.stdout).not.toMatch(/applied migrations|building|serving/);
  });
});
