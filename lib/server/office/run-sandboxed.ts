import 'server-only';
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { logger } from '@/lib/server/logger';

export type TRunResult = { code: number | null; timedOut: boolean; stderr: string };

let canUnshare: boolean | undefined;

/** nobody/nogroup: what the converter runs as when the app runs as root. */
export const UNPRIVILEGED_ID = 65534;

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

let canDrop: boolean | undefined;

/** Whether we run as root and can drop to nobody with setpriv (util-linux); checked once. */
export function dropsPrivileges(): boolean {
  if (canDrop !== undefined) return canDrop;
  if (!isRoot()) return (canDrop = false);
  const probe = spawnSync('setpriv', [`--reuid=${UNPRIVILEGED_ID}`, `--regid=${UNPRIVILEGED_ID}`, '--clear-groups', 'true'], { stdio: 'ignore', timeout: 5000 });
  canDrop = probe.status === 0;
  if (!canDrop) logger.warn('setpriv is not available: office conversion runs AS ROOT', { error: probe.error?.message ?? `exit ${probe.status}` });
  return canDrop;
}

/** Whether `unshare --net` works here (root, or user namespaces allowed); checked once. */
export function networkIsolationAvailable(): boolean {
  if (canUnshare !== undefined) return canUnshare;
  const probe = spawnSync('unshare', ['--net', 'true'], { stdio: 'ignore', timeout: 5000 });
  canUnshare = probe.status === 0;
  if (!canUnshare) {
    logger.warn('unshare --net is refused here: office conversion runs WITH network access', {
      error: probe.error?.message ?? `exit ${probe.status}`,
    });
  }
  return canUnshare;
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

/**
 * Runs a command in its own process group, without network when the system
 * allows it, with a minimal environment; past `timeoutMs` the whole group is
 * killed. The group is killed after a normal exit too, so no helper process
 * (soffice.bin and its children) outlives the call.
 */
export function runSandboxed(command: string, args: string[], options: { timeoutMs: number; cwd: string; home: string }): Promise<TRunResult> {
  // As root (containers, CI), drop to nobody after entering the network namespace:
  // a converter exploit then owns neither the machine nor the app's files.
  const drop = dropsPrivileges() ? ['setpriv', `--reuid=${UNPRIVILEGED_ID}`, `--regid=${UNPRIVILEGED_ID}`, '--clear-groups', '--'] : [];
  const inner = [...drop, command, ...args];
  const isolated = networkIsolationAvailable();
  const [file, ...argv] = isolated ? ['unshare', '--net', '--', ...inner] : inner;
  if (!file) throw new Error('runSandboxed needs a command');
  return new Promise((resolve, reject) => {
    const child: ChildProcess = spawn(file, argv, {
      cwd: options.cwd,
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'] as const,
      // Nothing of ours (secrets, proxies) reaches the converter.
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: options.home, LANG: 'C.UTF-8', SAL_USE_VCLPLUGIN: 'svp', NODE_ENV: 'production' },
    });
    let stderr = '';
    let timedOut = false;
    child.stderr?.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      killGroup(child.pid);
    }, options.timeoutMs);
    child.on('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    child.on('close', (code: number | null) => {
      clearTimeout(timer);
      killGroup(child.pid);
      resolve({ code, timedOut, stderr });
    });
  });
}
