import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { readOutputFile } from '@/lib/server/office/read-output-file';
import {
  makeWorkFolder,
  runSandboxed,
  SandboxUnavailableError,
  sandboxStatus,
} from '@/lib/server/office/run-sandboxed';

vi.setConfig({ testTimeout: 30_000 });

const limits = { memoryBytes: 512 * 1024 * 1024, cpuSeconds: 5, fileBytes: 1024 * 1024 };
let dir: string;
let work: string;
let listener: Server;
let port: number;

/** Runs a shell snippet in the sandbox; true when it exits 0. */
async function inside(script: string): Promise<boolean> {
  const result = await runSandboxed(['sh', '-c', script], { timeoutMs: 15_000, work, limits });
  return result.code === 0 && !result.timedOut;
}

beforeAll(async () => {
  vi.stubEnv('LOG_LEVEL', 'error');
  dir = mkdtempSync(path.join(tmpdir(), 'signet-sandbox-test-'));
  work = await makeWorkFolder(dir);
  listener = createServer((socket) => socket.end('hello'));
  await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
  port = (listener.address() as { port: number }).port;
});

afterAll(() => {
  listener.close();
  rmSync(dir, { recursive: true, force: true });
  vi.unstubAllEnvs();
});

describe('runSandboxed', () => {
  it('can isolate on this machine (root here and in CI; user namespaces elsewhere)', async () => {
    expect(await sandboxStatus()).toEqual({ ok: true });
  });

  it('refuses to run anything when bubblewrap fails, and never falls back to an unisolated run', async () => {
    const marker = path.join(dir, 'ran');
    const fake = path.join(dir, 'failing-bwrap');
    writeFileSync(fake, '#!/bin/sh\necho "bwrap: No permissions to create new namespace" >&2\nexit 1\n');
    chmodSync(fake, 0o755);
    for (const bwrap of [fake, path.join(dir, 'no-such-bwrap')]) {
      await expect(runSandboxed(['touch', marker], { timeoutMs: 5000, work, limits, bwrap })).rejects.toBeInstanceOf(
        SandboxUnavailableError,
      );
      expect(readdirSync(dir)).not.toContain('ran');
    }
    expect(await sandboxStatus(fake)).toEqual({ ok: false, reason: 'bwrap: No permissions to create new namespace' });
  });

  it('runs as nobody with loopback as its only network interface and no way to the host', async () => {
    expect(await inside('[ "$(id -u)" = 65534 ] && [ "$(id -g)" = 65534 ]')).toBe(true);
    expect(await inside("[ $(grep -c ':' /proc/net/dev) -eq 1 ] && grep -q ' lo:' /proc/net/dev")).toBe(true);
    // A listener on the host's loopback is out of reach: the sandbox has a loopback of its own.
    const connect = `import socket; socket.create_connection(("127.0.0.1", ${port}), timeout=3); print("connected")`;
    expect(await inside(`python3 -c '${connect}'`)).toBe(false);
    // Sanity check of the probe itself: the same script reaches the listener from outside.
    expect(execFileSync('python3', ['-c', connect]).toString()).toContain('connected');
  });

  it('shows nothing of the host but system files: not the app, its data folder, keys or other temp files', async () => {
    const secret = path.join(dir, 'auth.secret');
    writeFileSync(secret, 'forge-any-session');
    chmodSync(secret, 0o644); // readable by anyone on the host, and still out of the sandbox's sight
    expect(await inside(`cat ${secret}`)).toBe(false);
    expect(await inside(`ls ${process.cwd()}`)).toBe(false);
    expect(await inside(`ls ${path.join(process.cwd(), 'data')}`)).toBe(false);
    expect(await inside('ls /root || ls /home/* || ls /work')).toBe(false);
    expect(await inside('cat /etc/passwd || cat /etc/shadow || cat /etc/hostname')).toBe(false);
    expect(await inside('[ "$(ls /proc | grep -c "^[0-9]")" -le 6 ]')).toBe(true); // a PID namespace: no process of the host
    expect(await inside('touch /usr/signet-probe || touch /sandbox/in/x')).toBe(false);
    expect(await inside('echo ok > /sandbox/out/ok && echo ok > /tmp/ok')).toBe(true);
  });

  it('caps memory, CPU time and the size of any file written', async () => {
    expect(
      await inside(`[ "$(ulimit -v)" = ${limits.memoryBytes / 1024} ] && [ "$(ulimit -t)" = ${limits.cpuSeconds} ]`),
    ).toBe(true);
    expect(await inside('head -c 2000000 /dev/zero > /sandbox/out/big')).toBe(false);
  });
});

describe('readOutputFile', () => {
  it('reads a plain file under the cap and nothing else: no link, no FIFO, nothing too large', async () => {
    const out = path.join(dir, 'out-check');
    execFileSync('mkdir', ['-p', out]);
    const secret = path.join(dir, 'key');
    writeFileSync(secret, 'blob key bytes');
    writeFileSync(path.join(out, 'plain.pdf'), '%PDF-1.7 plain');
    symlinkSync(secret, path.join(out, 'link.pdf'));
    execFileSync('mkfifo', [path.join(out, 'fifo.pdf')]);
    expect((await readOutputFile(path.join(out, 'plain.pdf'), 1000))?.toString()).toBe('%PDF-1.7 plain');
    expect(await readOutputFile(path.join(out, 'link.pdf'), 1000)).toBeUndefined();
    expect(await readOutputFile(path.join(out, 'fifo.pdf'), 1000)).toBeUndefined();
    expect(await readOutputFile(path.join(out, 'plain.pdf'), 5)).toBeUndefined();
    expect(await readOutputFile(path.join(out, 'missing.pdf'), 1000)).toBeUndefined();
  });
});
