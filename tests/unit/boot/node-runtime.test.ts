import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { FALLBACK_VERSION, isSupportedNode } from '../../../scripts/lib/node-runtime.mjs';

const root = path.resolve(import.meta.dirname, '../../..');
const work = mkdtempSync(path.join(tmpdir(), 'signet-node-runtime-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

/**
 * A command script that believes it runs on `version` (the run on the fallback, marked SIGNET_NODE_FALLBACK,
 * knows its real one unless FAKE_EVERY_TIME), then reports the Node it really ended up on.
 */
function commandOn(version: string, env: Record<string, string>) {
  const script = path.join(work, `command-${version}.mjs`);
  writeFileSync(
    script,
    `if (process.env.FAKE_EVERY_TIME || !process.env.SIGNET_NODE_FALLBACK) Object.defineProperty(process, 'version', { value: ${JSON.stringify(version)} });
const { runOnSupportedNode } = await import(${JSON.stringify(path.join(root, 'scripts/lib/node-runtime.mjs'))});
await runOnSupportedNode();
console.log('ran on ' + process.version + ' with ' + process.env.PATH.split(':')[0]);`,
  );
  return spawnSync(process.execPath, [script], { encoding: 'utf8', env: { ...process.env, ...env } });
}

describe('the Node.js the commands run on', () => {
  it('accepts the maintained LTS lines and nothing older or odd', () => {
    for (const version of ['v22.14.0', 'v22.23.3', 'v24.0.0', 'v24.21.0', 'v26.12.1'])
      expect(isSupportedNode(version), version).toBe(true);
    for (const version of ['v20.20.2', 'v20.19.0', 'v22.13.1', 'v23.11.0', 'v25.2.0', 'v18.20.8'])
      expect(isSupportedNode(version), version).toBe(false);
  });

  it('names an unsupported Node and the supported ones, and stops when no other can be used', () => {
    const result = commandOn('v20.20.2', { SIGNET_NODE_FALLBACK: '1', FAKE_EVERY_TIME: '1' });
    expect(result.status).toBe(1);
    expect(result.stdout).toContain(
      'Node.js v20.20.2 is not supported (Signet runs on Node.js 22 from 22.14, 24 or 26)',
    );
    expect(result.stderr).toContain('Install Node.js 22 from 22.14, 24 or 26 (LTS)');
    expect(result.stdout).not.toContain('ran on');
  });

  // The fallback is unpacked once per clone; `npm test` on an older Node has done so before this runs.
  it.skipIf(!existsSync(path.join(root, '.node', `v${FALLBACK_VERSION}`, 'bin', 'node')))(
    'runs the command again on the fallback LTS from .node/, first on PATH for its children',
    () => {
      const result = commandOn('v20.20.2', { SIGNET_NODE_FALLBACK: '' });
      expect(result.status).toBe(0);
      expect(result.stdout).toContain('Node.js v20.20.2 is not supported');
      expect(result.stdout).toContain(
        `ran on v${FALLBACK_VERSION} with ${path.join(root, '.node', `v${FALLBACK_VERSION}`, 'bin')}`,
      );
    },
  );
});
