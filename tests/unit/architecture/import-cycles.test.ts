import path from 'node:path';
import madge from 'madge';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

// A module cycle makes load order decide what a module sees at import time
// (an undefined export, a factory that runs before its drivers exist), and
// type-only cycles are where the runtime ones start. Prisma's generated
// client has cycles of its own and is not ours to change.
test('no import cycles in our code', async () => {
  const graph = await madge(['lib', 'components', 'app', 'scripts', 'proxy.ts', 'instrumentation.ts'], {
    baseDir: root,
    fileExtensions: ['ts', 'tsx', 'mjs'],
    tsConfig: path.join(root, 'tsconfig.json'),
    excludeRegExp: [/lib\/generated\//, /node_modules/],
  });
  expect(graph.circular()).toEqual([]);
}, 60_000);

// Rooms of lib/server that call each other both ways are one room in two folders: a newcomer
// cannot tell which owns a rule. Documents start and end signing; signing never reaches back.
test('lib/server/signing does not import lib/server/documents', async () => {
  const graph = await madge('lib/server/signing', {
    baseDir: root,
    fileExtensions: ['ts', 'tsx', 'mjs'],
    tsConfig: path.join(root, 'tsconfig.json'),
    excludeRegExp: [/lib\/generated\//, /node_modules/],
    includeNpm: false,
  });
  const reaching = Object.entries(graph.obj())
    .filter(([file]) => file.startsWith('lib/server/signing/'))
    .flatMap(([file, imports]) =>
      imports.filter((target) => target.startsWith('lib/server/documents/')).map((target) => `${file} → ${target}`),
    );
  expect(reaching).toEqual([]);
}, 60_000);
