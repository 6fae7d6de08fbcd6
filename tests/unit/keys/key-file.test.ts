import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { loadAuthSecret } from '@/lib/server/auth/auth-secret';
import { readOrCreateKeyFile } from '@/lib/server/storage/key-file';
import { loadBlobKey } from '@/lib/server/storage/blob-key';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const child = path.join(import.meta.dirname, 'load-key-child.ts');

function run(dataDir: string, startAt: number): Promise<string> {
  return new Promise((resolve, reject) => {
    const proc = spawn(
      process.execPath,
      ['--conditions=react-server', '--import', 'tsx', child, dataDir, String(startAt)],
      {
        cwd: root,
        env: { ...process.env, LOG_LEVEL: 'error' },
        stdio: ['ignore', 'pipe', 'inherit'],
      },
    );
    let out = '';
    proc.stdout.on('data', (chunk: Buffer) => (out += chunk.toString()));
    proc.on('error', reject);
    proc.on('exit', () => resolve(out.trim()));
  });
}

describe('generated keys', () => {
  vi.stubEnv('LOG_LEVEL', 'error');

  it('six fresh processes on one data folder end up with one blob key and one session secret', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-key-race-'));
    // Far enough ahead that every process has loaded tsx and waits at the line.
    const startAt = Date.now() + 6_000;
    const outputs = await Promise.all(Array.from({ length: 6 }, () => run(dataDir, startAt)));
    const results = outputs.map((line) => JSON.parse(line) as { blob?: string; auth?: string; error?: string });
    expect(results.map((result) => result.error)).toEqual(Array(6).fill(undefined));
    expect(new Set(results.map((result) => result.blob)).size).toBe(1);
    expect(new Set(results.map((result) => result.auth)).size).toBe(1);
    const keys = path.join(dataDir, 'keys');
    expect(readdirSync(keys).sort()).toEqual(['auth.secret', 'blob.key']); // no temporary file left behind
    expect(statSync(keys).mode & 0o777).toBe(0o700);
    for (const name of ['auth.secret', 'blob.key']) expect(statSync(path.join(keys, name)).mode & 0o777).toBe(0o600);
  }, 60_000);

  it('many concurrent first calls in one process agree on one key', async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'signet-key-')), 'keys', 'k.key');
    const keys = await Promise.all(Array.from({ length: 20 }, async () => readOrCreateKeyFile(file)));
    expect(keys.filter((result) => result.created)).toHaveLength(1);
    expect(new Set(keys.map((result) => result.key.toString('hex'))).size).toBe(1);
  });

  it.each([
    ['too short', Buffer.alloc(16, 7).toString('base64')],
    ['too long', Buffer.alloc(48, 7).toString('base64')],
    ['not base64', 'x'.repeat(44)],
    ['empty', ''],
  ])('refuses a key file that is %s, on every read, and leaves it alone', (_label, content) => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'signet-key-bad-'));
    mkdirSync(path.join(dataDir, 'keys'));
    writeFileSync(path.join(dataDir, 'keys', 'blob.key'), content);
    writeFileSync(path.join(dataDir, 'keys', 'auth.secret'), content);
    const env = { dataDir, AUTH_SECRET: undefined, BLOB_ENCRYPTION_KEY: undefined };
    expect(() => loadBlobKey(env)).toThrow(/blob\.key does not hold 32 bytes in base64/);
    expect(() => loadAuthSecret(env)).toThrow(/auth\.secret does not hold 32 bytes in base64/);
  });
});
