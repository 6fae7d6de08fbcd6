// The framework floor: an empty App Router page (bench/floor-app) built with
// the repository's own next, react and react-dom, served by `next start`, so
// the landing page's first-load JavaScript is compared with what Next.js
// loads on any page, in the same run. Rebuilt when Next's version or the
// floor's files change.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');
const dir = path.join(root, 'bench', 'floor-app');
const nextBin = path.join(root, 'node_modules', 'next', 'dist', 'bin', 'next');
const stampFile = path.join(dir, '.next', 'SIGNET_FLOOR_HASH');

function floorHash(): string {
  const hash = createHash('sha256');
  for (const pkg of ['next', 'react', 'react-dom']) {
    hash.update(readFileSync(path.join(root, 'node_modules', pkg, 'package.json')));
  }
  for (const file of [
    'next.config.mjs',
    ...readdirSync(path.join(dir, 'app'))
      .sort()
      .map((name) => `app/${name}`),
  ]) {
    hash.update(file).update(readFileSync(path.join(dir, file)));
  }
  return hash.digest('hex');
}

function buildIfStale() {
  const hash = floorHash();
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8') === hash) return;
  console.log('  building the framework floor (bench/floor-app)…');
  const result = spawnSync(process.execPath, [nextBin, 'build', dir], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  if (result.status !== 0) throw new Error(`building bench/floor-app failed:\n${String(result.stderr).slice(-2000)}`);
  writeFileSync(stampFile, hash);
}

export type FloorApp = { origin: string; stop: () => Promise<void> };

export async function startFloorApp(port: number): Promise<FloorApp> {
  buildIfStale();
  const child = spawn(process.execPath, [nextBin, 'start', dir, '--port', String(port), '--hostname', '127.0.0.1'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
    child.kill('SIGTERM');
    await exited;
  };
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the floor app exited with code ${child.exitCode}`);
    try {
      if ((await fetch(origin, { signal: AbortSignal.timeout(2_000) })).ok) return { origin, stop };
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await stop();
  throw new Error('the floor app did not answer within 60 s');
}
