// lib/ is split by where code may run (ARCHITECTURE.md, "The rooms"): lib/<area> is shared with the browser,
// lib/server server-only. Shared code that reached into lib/server, or used Node's own modules for its work,
// would pull server code into a page's bundle or fail there.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from 'vitest';

const root = path.resolve(import.meta.dirname, '../../..');

function sharedLibFiles(dir = path.join(root, 'lib')): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['server', 'generated'].includes(path.relative(path.join(root, 'lib'), full)) ? [] : sharedLibFiles(full);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.test.ts') ? [path.relative(root, full)] : [];
  });
}

// Server code that must sit at lib/'s top (ARCHITECTURE.md, "The rooms"): the environment, which the proxy reads too
// (it checks rate-limit names against lib/server/http/rate-policies.ts), the OpenAPI document's builder, and the hash
// helper the server's rooms share. No page imports them.
const SERVER_ALSO = new Set([
  'lib/env.ts',
  'lib/env-values.ts',
  'lib/biometric-env.ts',
  'lib/dkim-env.ts',
  'lib/signing-p12-env.ts',
  'lib/sha256-hex.ts',
  'lib/api/v1/openapi.ts',
]);

/** Every module a file loads at run time (not `import type`): static imports, re-exports, bare and dynamic imports. */
function runtimeImports(file: string): string[] {
  const source = readFileSync(path.join(root, file), 'utf8');
  const specifiers = [
    ...source.matchAll(/^(?:import|export) (?!type )[^;]*?from '([^']+)'/gm),
    ...source.matchAll(/^import '([^']+)'/gm),
    ...source.matchAll(/import\('([^']+)'\)/g),
  ].map((match) => match[1]!);
  return specifiers.map((specifier) =>
    specifier.startsWith('@/')
      ? specifier.slice(2)
      : specifier.startsWith('.')
        ? path.relative(root, path.resolve(path.dirname(path.join(root, file)), specifier))
        : specifier,
  );
}

test('shared lib code loads nothing from lib/server', () => {
  const offending = sharedLibFiles()
    .filter((file) => !SERVER_ALSO.has(file))
    .flatMap((file) =>
      runtimeImports(file)
        .filter((target) => target.startsWith('lib/server/'))
        .map((target) => `${file} → ${target}`),
    );
  expect(offending).toEqual([]);
});

test("shared lib code uses none of Node's own modules (server code lives in lib/server)", () => {
  const offending = sharedLibFiles()
    .filter((file) => !SERVER_ALSO.has(file))
    .filter((file) => runtimeImports(file).some((target) => target.startsWith('node:')));
  expect(offending).toEqual([]);
});
