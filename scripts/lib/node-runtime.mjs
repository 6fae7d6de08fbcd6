// Which Node.js the project's commands run on. Plain Node only, no
// dependencies: this runs first, possibly on a Node too old for anything else.
//
// Signet runs on the maintained LTS lines (see SUPPORTED). Several dependencies
// refuse older ones (pdfjs-dist, zod-openapi, better-sqlite3 13 need 22), and
// Node 20 left maintenance in April 2026. On an unsupported Node the commands
// say so and carry on under a pinned LTS that the npm registry itself ships
// (packages node-<platform>-<arch>, with headers for native builds), unpacked
// once into .node/, so a fresh clone works where only the registry is reachable.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '../..');

/** Supported release lines and the lowest version of each (22.14: the oldest the dependencies accept). */
export const SUPPORTED = [
  { major: 22, minor: 14 },
  { major: 24, minor: 0 },
  { major: 26, minor: 0 },
];
/** The LTS fetched when the Node in use is not supported. */
export const FALLBACK_VERSION = '24.21.0';

export function isSupportedNode(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return SUPPORTED.some((line) => line.major === major && minor >= line.minor);
}

export function supportedText() {
  const lines = SUPPORTED.map((line) =>
    line.minor ? `${line.major} from ${line.major}.${line.minor}` : String(line.major),
  );
  return `${lines.slice(0, -1).join(', ')} or ${lines.at(-1)}`;
}

/** The folder holding bin/node of the fallback Node, unpacked from the npm registry on first use. */
function fallbackNode() {
  const home = path.join(root, '.node', `v${FALLBACK_VERSION}`);
  if (existsSync(path.join(home, 'bin', 'node'))) return home;
  const pkg = `node-${process.platform}-${process.arch}@${FALLBACK_VERSION}`;
  console.log(`signet: fetching Node.js ${FALLBACK_VERSION} from the npm registry (${pkg}) into .node/…`);
  const work = mkdtempSync(path.join(tmpdir(), 'signet-node-'));
  try {
    // npm pack checks the tarball against the registry's integrity hash.
    const packed = spawnSync('npm', ['pack', pkg, '--pack-destination', work, '--silent'], {
      cwd: work,
      stdio: ['ignore', 'pipe', 'inherit'],
      encoding: 'utf8',
    });
    const tarball = readdirSync(work).find((file) => file.endsWith('.tgz'));
    if (packed.status !== 0 || !tarball) fail(`could not fetch ${pkg} from the npm registry`);
    const unpacked = path.join(work, 'node');
    mkdirSync(unpacked);
    const tar = spawnSync('tar', ['-xzf', path.join(work, tarball), '-C', unpacked, '--strip-components=1'], {
      stdio: 'inherit',
    });
    if (tar.status !== 0 || !existsSync(path.join(unpacked, 'bin', 'node')))
      fail(`${pkg} did not unpack into a Node.js`);
    mkdirSync(path.dirname(home), { recursive: true });
    // Renamed into place whole, so an interrupted fetch never leaves a half Node behind.
    rmSync(home, { recursive: true, force: true });
    renameSync(unpacked, home);
    return home;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

function fail(message) {
  console.error(`signet: ${message}. Install Node.js ${supportedText()} (LTS) and run the command again.`);
  process.exit(1);
}

/**
 * Returns when this process runs on a supported Node. Otherwise says so,
 * runs the same command under the fallback LTS (first on PATH, so every
 * child process and `#!/usr/bin/env node` script uses it too) and exits
 * with its status: the returned promise then never settles.
 */
export function runOnSupportedNode() {
  if (isSupportedNode(process.version)) return Promise.resolve();
  console.log(`signet: Node.js ${process.version} is not supported (Signet runs on Node.js ${supportedText()}).`);
  if (process.env.SIGNET_NODE_FALLBACK === '1') fail(`the fallback Node.js is ${process.version}`);
  if (!['linux', 'darwin'].includes(process.platform)) fail(`no Node.js to fetch for ${process.platform}`);
  const home = fallbackNode();
  console.log(`signet: running on Node.js ${FALLBACK_VERSION} from .node/ instead.`);
  const env = {
    ...process.env,
    PATH: `${path.join(home, 'bin')}${path.delimiter}${process.env.PATH ?? ''}`,
    // node-gyp builds native modules against these headers rather than downloading them.
    npm_config_nodedir: home,
    SIGNET_NODE_FALLBACK: '1',
  };
  const child = spawn(path.join(home, 'bin', 'node'), [...process.execArgv, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env,
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
  child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  return new Promise(() => {});
}
