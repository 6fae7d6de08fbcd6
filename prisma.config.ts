import path from 'node:path';
import { defineConfig } from 'prisma/config';

// Prisma would otherwise download its native schema engine (unreachable here).
// Generation never runs it, so a stand-in keeps `npx prisma generate` offline;
// migrations are made with the Wasm engine (scripts/db-new-migration.ts).
process.env.PRISMA_SCHEMA_ENGINE_BINARY ??= path.join(import.meta.dirname, 'scripts', 'prisma-engine-stub.mjs');

export default defineConfig({
  schema: 'prisma/schema.prisma',
  migrations: { path: 'prisma/migrations/sqlite' },
  // Only for Prisma commands that want a database (they end at the stand-in,
  // which points to our own tooling); the app reads DATABASE_URL via lib/env.ts.
  datasource: { url: process.env.DATABASE_URL || 'file:./data/signet.db' },
});
