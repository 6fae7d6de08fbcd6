import { availableParallelism } from 'node:os';
import path from 'node:path';
import { defineConfig } from 'vitest/config';

const root = import.meta.dirname;

// PostgreSQL tests need a server (scripts/pg-cluster.mjs starts one); they are
// part of the run only when TEST_POSTGRES_URL names it, rather than skipped.
const postgres = process.env.TEST_POSTGRES_URL ? ['tests/db/**/*.pg.test.ts'] : [];

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@\//, replacement: `${root}/` },
      // Outside Next, 'server-only' throws on import; tests exercise server modules directly.
      { find: /^server-only$/, replacement: path.join(root, 'node_modules', 'server-only', 'empty.js') },
    ],
  },
  test: {
    include: ['tests/unit/**/*.test.ts', 'lib/**/*.test.ts', ...postgres],
    exclude: ['**/node_modules/**', 'lib/generated/**'],
    environment: 'node',
    // next-intl imports `next/navigation` without its extension, which Node's ESM
    // resolution refuses; through Vite it resolves (tests/unit/i18n/localized-path.test.ts).
    server: { deps: { inline: ['next-intl'] } },
    // Two files at a time even on 2 cores: much of the suite waits on child processes (qpdf, LibreOffice, job
    // runners, servers), so Vitest's default of cores - 1 left one core idle (633 s against 547 s measured).
    // The PostgreSQL tests share one database (its job queue among them), so their files run one at a time.
    maxWorkers: postgres.length ? 1 : Math.max(2, availableParallelism() - 1),
    testTimeout: 20_000,
    // A world's setup migrates a fresh database and seeds it: seconds on a loaded 2-core machine, past the default 10 s.
    hookTimeout: 30_000,
  },
});
