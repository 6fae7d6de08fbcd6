// Starts the production app the way `npm start` does (scripts/start.mjs:
// install check, migrations, seed, build if stale, `next start`) and stops
// its whole process group afterwards, also when the benchmark fails.
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

export type AppServer = { origin: string; stop: () => Promise<void> };

/** `env`: more variables for the app (e.g. IDP_PORT, so the local identity provider does not take another run's port). */
type StartOptions = { port: number; dataDir: string; timeoutMs?: number; env?: Record<string, string> };

export async function startApp({ port, dataDir, timeoutMs = 20 * 60_000, env = {} }: StartOptions): Promise<AppServer> {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'start.mjs')], {
    cwd: root,
    detached: true, // own process group: stop() ends next start and the build with it
    stdio: ['ignore', 'pipe', 'pipe'],
    env: {
      ...process.env,
      PORT: String(port),
      APP_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      ...env,
    },
  });
  const tail: string[] = [];
  const collect = (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) {
      if (!line.trim()) continue;
      tail.push(line);
      if (tail.length > 60) tail.shift();
      if (line.startsWith('signet:')) console.log(`  ${line}`);
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  const stop = stopper(child);
  const killOnExit = () => signalGroup(child, 'SIGKILL');
  process.once('exit', killOnExit);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => void stop().finally(() => process.exit(130)));
  }

  const origin = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(origin, child, timeoutMs);
  } catch (error) {
    await stop();
    console.error(tail.join('\n'));
    throw error;
  }
  return {
    origin,
    stop: async () => {
      await stop();
      process.off('exit', killOnExit);
    },
  };
}

/**
 * The end of every bench that starts the app: its database client (if it opened one) disconnected, the app stopped
 * (harmless if the bench stopped it already) and the data folder removed. Call it in `finally`.
 */
export async function stopAppAndCleanUp(
  app: AppServer,
  dataDir: string,
  client?: { $disconnect(): Promise<void> },
): Promise<void> {
  await client?.$disconnect();
  await app.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

function signalGroup(child: ChildProcess, signal: NodeJS.Signals) {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid, signal);
  } catch {
    // already gone
  }
}

function stopper(child: ChildProcess) {
  return async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    signalGroup(child, 'SIGTERM');
    const timer = setTimeout(() => signalGroup(child, 'SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  };
}

async function waitForHealth(origin: string, child: ChildProcess, timeoutMs: number) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited with code ${child.exitCode} before it was healthy`);
    try {
      const response = await fetch(`${origin}/api/health`, { signal: AbortSignal.timeout(2_000) });
      if (response.ok) return;
    } catch {
      // not listening yet (still building)
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
  throw new Error(`the app was not healthy within ${Math.round(timeoutMs / 1000)} s`);
}
