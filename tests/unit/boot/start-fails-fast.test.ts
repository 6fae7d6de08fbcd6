import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { freePort } from '../../fixtures/free-port';

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
    expect(result.stderr.trim()).toMatch(
      /^signet: Invalid environment variable AUTH_SECRET: required when DATABASE_URL is PostgreSQL/,
    );
    expect(result.stdout).not.toMatch(/applied migrations|building|serving/);
  });
});

describe('npm start, once the server answers', () => {
  const started: { child?: ChildProcessWithoutNullStreams; exited?: Promise<unknown>; dataDir?: string } = {};
  // Here, not in the test: a test that times out still stops the whole process group and removes its data.
  afterEach(async () => {
    if (started.child?.pid && started.child.exitCode === null) process.kill(-started.child.pid, 'SIGTERM');
    await started.exited;
    if (started.dataDir) rmSync(started.dataDir, { recursive: true, force: true });
  });

  // `--dev` (`npm run dev`): the same start without the production build, so no test waits minutes for `next build`.
  it('prints which optional capabilities are on, and the local provider starts without its in-memory warning', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-start-'));
    started.dataDir = dataDir;
    const [port, idpPort] = [await freePort(), await freePort()];
    const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs'), '--dev'], {
      cwd: root,
      detached: true, // its own process group: next dev and the provider stop with it
      env: {
        ...process.env,
        ...{
          DATA_DIR: dataDir,
          DATABASE_URL: '',
          PORT: String(port),
          IDP_PORT: String(idpPort),
          APP_URL: '',
          OIDC_ISSUER: '',
        },
        NEXT_TELEMETRY_DISABLED: '1',
      },
    });
    started.child = child;
    started.exited = new Promise((resolve) => child.on('exit', resolve));
    let stdout = '';
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    await new Promise<void>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        stdout += chunk.toString();
        if (/signet: +signer eID .*\n/.test(stdout)) resolve();
      });
      child.on('exit', (code) =>
        reject(new Error(`npm start exited (${code}) before its summary:\n${stdout}\n${stderr}`)),
      );
    });
    const summary = stdout.slice(stdout.indexOf('signet: optional capabilities'));
    expect(stdout.indexOf('signet: serving on')).toBeLessThan(stdout.indexOf('signet: optional capabilities'));
    for (const label of ['office conversion', 'mail', 'timestamps', 'signer eID']) {
      expect(summary).toMatch(new RegExp(`^signet: +${label} +(on(: .+)?|off: .+)$`, 'm'));
    }
    expect(summary).toMatch(/^signet: +mail +off: written to .*outbox, not sent; set SMTP_URL=/m);
    expect(summary).toMatch(/^signet: +signer eID +on: the local identity provider stands in/m);
    expect(stderr).not.toMatch(/oidc-provider WARNING/);
  }, 180_000);
});
