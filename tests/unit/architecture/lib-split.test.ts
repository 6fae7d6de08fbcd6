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

// Read by the server and by the proxy only, never by a page: the environment and the OpenAPI document's builder.
const SERVER_ALSO = new Set([
  'lib/env.ts',
  'lib/env-values.ts',
  'lib/biometric-env.ts',
  'lib/dkim-env.ts',
  'lib/signing-p12-env.ts',
  'lib/sha256-hex.ts',
  'lib/api/v1/openapi.ts',
]);

test('shared lib code imports nothing from lib/server but types', () => {
  const offending = sharedLibFiles().flatMap((file) =>
    [
      ...readFileSync(path.join(root, file), 'utf8').matchAll(/^import (?!type )[^;]*from '(@\/lib\/server\/[^']+)'/gm),
    ].map((match) => `${file} → ${match[1]}`),
  );
  expect(offending).toEqual([]);
});

test("shared lib code uses none of Node's own modules (server code lives in lib/server)", () => {
  const offending = sharedLibFiles()
    .filter((file) => !SERVER_ALSO.has(file))
    .filter((file) => /^import [^;]*from 'node:/m.test(readFileSync(path.join(root, file), 'utf8')));
  expect(offending).toEqual([]);
});
