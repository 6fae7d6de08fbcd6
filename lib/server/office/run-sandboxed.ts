import 'server-only';
import { type ChildProcess, spawn } from 'node:child_process';
import { chmod, chown, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { logger } from '@/lib/server/logger';
import { sandboxArgv, type TSandboxLimits, UNPRIVILEGED_ID } from './sandbox-argv';

export { UNPRIVILEGED_ID } from './sandbox-argv';
export type { TSandboxLimits } from './sandbox-argv';

export type TRunResult = { code: number | null; timedOut: boolean; stderr: string };

/** Folders of a work folder the sandbox sees: `in` read-only, the others writable. */
export const WORK_SUBFOLDERS = ['in', 'out', 'tmp', 'profile'] as const;

export type TSandboxRunOptions = { timeoutMs: number; work: string; limits: TSandboxLimits; bwrap?: string };

/** `notInstalled`: the bubblewrap binary itself was not found (installing it is the fix). */
export type TSandboxStatus = { ok: true } | { ok: false; reason: string; notInstalled?: true };

/** What an operator does about a refusal; logged at start and with each refusal. */
export const SANDBOX_FIX =
  'install bubblewrap (apt-get install bubblewrap, or scripts/install-system-deps.sh); then either run Signet as root ' +
  '(the converter drops to nobody) or allow unprivileged user namespaces (sysctl user.max_user_namespaces>0, ' +
  'kernel.unprivileged_userns_clone=1; on Ubuntu kernel.apparmor_restrict_unprivileged_userns=0 or an AppArmor profile for bwrap); ' +
  'in a container, allow the unshare and mount system calls (its seccomp profile)';

export function isRoot(): boolean {
  return process.getuid?.() === 0;
}

/**
 * Makes a work folder the sandbox can use: `in` holds the input (read-only
 * inside), `out`, `tmp` and `profile` are writable. Under root they belong
 * to nobody, who runs the converter; the work folder itself stays ours, so
 * the converter can never swap `out` for a link.
 */
export async function makeWorkFolder(root = tmpdir(), prefix = 'signet-soffice-'): Promise<string> {
  // turbopackIgnore: run-time paths, not files of the build to trace.
  const work = await mkdtemp(path.join(/*turbopackIgnore: true*/ root, prefix));
  for (const name of WORK_SUBFOLDERS) {
    const folder = path.join(/*turbopackIgnore: true*/ work, name);
    // `in` is readable by nobody (its parent, 0700, keeps everyone else out); the rest is nobody's own.
    await mkdir(folder);
    await chmod(folder, name === 'in' ? 0o755 : 0o700); // not left to the umask (077 in the server)
    if (isRoot() && name !== 'in') await chown(folder, UNPRIVILEGED_ID, UNPRIVILEGED_ID);
  }
  return work;
}

function killGroup(pid: number | undefined): void {
  if (!pid) return;
  try {
    process.kill(-pid, 'SIGKILL');
  } catch {
    // The group is already gone.
  }
}

function spawnSandbox(options: TSandboxRunOptions, command: string[]): Promise<TRunResult> {
  const [file = 'bwrap', ...argv] = sandboxArgv(
    { bwrap: options.bwrap ?? 'bwrap', root: isRoot(), work: options.work, limits: options.limits },
    command,
  );
  return new Promise((resolve, reject) => {
    // Detached: its own process group, killed whole on timeout and after exit;
    // bwrap's PID namespace takes every process inside down with it.
    // bwrap clears the environment (--clearenv); PATH only finds bwrap itself.
    const env = { PATH: process.env.PATH ?? '/usr/bin:/bin' } as unknown as NodeJS.ProcessEnv;
    const child: ChildProcess = spawn(/*turbopackIgnore: true*/ file, argv, {
      cwd: '/',
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
      env,
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

const probes = new Map<string, { status: Promise<TSandboxStatus>; at: number }>();

/** A failed probe is tried again after this long, so a fix (or a probe that lost a race for the CPU) needs no restart. */
export const FAILED_PROBE_TTL_MS = 60_000;

/**
 * Whether the sandbox can be set up here, checked once per bwrap path (a
 * failure again after a minute): a tiny run must come out as nobody with
 * loopback as its only network interface. Anything else (bwrap missing,
 * namespaces refused) says why.
 */
export async function sandboxStatus(bwrap = 'bwrap'): Promise<TSandboxStatus> {
  const cached = probes.get(bwrap);
  if (cached) {
    const status = await cached.status;
    if (status.ok || Date.now() - cached.at < FAILED_PROBE_TTL_MS) return status;
  }
  const fresh = { status: probeSandbox(bwrap), at: Date.now() };
  probes.set(bwrap, fresh);
  return fresh.status;
}

async function probeSandbox(bwrap: string): Promise<TSandboxStatus> {
  const check = `[ "$(id -u)" = ${UNPRIVILEGED_ID} ] && [ "$(grep -c ':' /proc/net/dev)" = 1 ] && grep -q ' lo:' /proc/net/dev`;
  let work: string | undefined;
  try {
    work = await makeWorkFolder(tmpdir(), 'signet-sandbox-probe-');
    const limits = { memoryBytes: 512 * 1024 * 1024, cpuSeconds: 10, fileBytes: 1024 * 1024 };
    const result = await spawnSandbox({ bwrap, work, timeoutMs: 10_000, limits }, ['sh', '-c', check]);
    if (result.code === 0) return { ok: true };
    const why =
      result.stderr.trim().split('\n')[0] ||
      `the isolation check exited with ${result.timedOut ? 'a timeout' : result.code}`;
    return { ok: false, reason: why };
  } catch (error) {
    const { code, syscall } = error as NodeJS.ErrnoException;
    const notInstalled = code === 'ENOENT' && syscall?.startsWith('spawn');
    return { ok: false, reason: (error as Error).message, ...(notInstalled ? { notInstalled: true as const } : {}) };
  } finally {
    if (work) await rm(work, { recursive: true, force: true });
  }
}

/** Logs once at start whether office conversion can run isolated here, and how to fix it if not. */
export async function announceSandbox(bwrap = 'bwrap'): Promise<TSandboxStatus> {
  const status = await sandboxStatus(bwrap);
  if (status.ok) logger.info('office conversion sandbox ready (bubblewrap, no network, nobody)');
  else
    logger.error(
      `office conversion is DISABLED: the sandbox cannot be set up (${status.reason}); to fix, ${SANDBOX_FIX}.`,
    );
  return status;
}

/**
 * Runs a command inside the bubblewrap sandbox (see sandbox-argv.ts) with the
 * work folder's subfolders as its only writable places. Refuses, without
 * running anything, when the sandbox cannot be set up here: there is no
 * fallback to an unisolated run.
 */
export async function runSandboxed(command: string[], options: TSandboxRunOptions): Promise<TRunResult> {
  const status = await sandboxStatus(options.bwrap);
  if (!status.ok) throw new SandboxUnavailableError(status.reason);
  return spawnSandbox(options, command);
}

export class SandboxUnavailableError extends Error {
  constructor(readonly reason: string) {
    super(`the office sandbox cannot be set up: ${reason}`);
    this.name = 'SandboxUnavailableError';
  }
}
