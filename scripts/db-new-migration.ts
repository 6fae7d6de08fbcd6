// `npm run db:new-migration -- <name>`: writes the SQL that takes both
// databases from the schema of the newest migration (prisma/migrations/
// snapshot.prisma) to prisma/schema.prisma: one file per database, in folders
// of the same name. Pure datamodel diffs with the Wasm schema engine, so no
// database is needed; tests check that the committed SQL really yields the
// schema on both databases (tests/unit/db, tests/db).
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { DatabaseKind } from '../lib/env-values';
import { readMigrationFiles } from '../lib/server/db/migration-files';
import { diffSchemas } from './db-schema-engine';
import { DATABASE_KINDS, migrationsRoot, readSchemas, root, snapshotFile } from './db-schemas';

const SNAPSHOT_HEADER =
  '// The schema the newest migration was made from, written by `npm run db:new-migration`.\n' +
  '// Do not edit: the next migration is the difference between this and prisma/schema.prisma.\n';

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function folderName(name: string, previous: string[]): string {
  const slug = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  if (!slug) throw new Error('give the migration a name: npm run db:new-migration -- <name>');
  let stamp = timestamp();
  // Two migrations made within one second (scripts, tests) must still sort in order.
  const last = previous.at(-1)?.slice(0, 14);
  if (last && stamp <= last) stamp = String(BigInt(last) + 1n);
  return `${stamp}_${slug}`;
}

// An initial PostgreSQL diff starts with CREATE SCHEMA IF NOT EXISTS "public",
// which needs the CREATE privilege on the database even when the schema
// exists (managed PostgreSQL often denies it); "public" is always there.
function withoutPublicSchema(sql: string): string {
  return sql.replace(/^-- CreateSchema\nCREATE SCHEMA IF NOT EXISTS "public";\n\n/, '');
}

export async function newMigration(name: string, dir = migrationsRoot): Promise<string | null> {
  const existing = (kind: DatabaseKind) =>
    existsSync(path.join(dir, kind)) ? readMigrationFiles(kind, dir).map((m) => m.name) : [];
  const previous = existing('sqlite');
  if (previous.join() !== existing('postgresql').join()) {
    throw new Error(
      'prisma/migrations/sqlite and prisma/migrations/postgresql hold different migrations; fix that first.',
    );
  }
  const snapshot = path.join(dir, path.basename(snapshotFile));
  if (previous.length && !existsSync(snapshot)) {
    throw new Error(`${path.relative(root, snapshot)} is missing, so the schema of the newest migration is unknown.`);
  }
  const target = readSchemas();
  const before = previous.length ? readSchemas(readFileSync(snapshot, 'utf8')) : null;

  const scripts = {} as Record<DatabaseKind, string>;
  for (const kind of DATABASE_KINDS) scripts[kind] = await diffSchemas(kind, before?.[kind] ?? null, target[kind]);
  scripts.postgresql = withoutPublicSchema(scripts.postgresql);
  if (DATABASE_KINDS.every((kind) => scripts[kind].trim() === '')) {
    console.log(`signet: no schema changes since ${previous.at(-1) ?? 'an empty database'}; nothing written.`);
    return null;
  }

  const folder = folderName(name, previous);
  for (const kind of DATABASE_KINDS) {
    const file = path.join(dir, kind, folder, 'migration.sql');
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, scripts[kind].trim() ? scripts[kind] : '-- No change for this database.\n');
    console.log(`signet: wrote ${path.relative(root, file)}`);
  }
  writeFileSync(snapshot, SNAPSHOT_HEADER + target.sqlite);
  if (/\bDROP\s+(TABLE|COLUMN)\b/i.test(scripts.postgresql)) {
    console.warn('signet: warning: this migration drops tables or columns; review the SQL before committing.');
  }
  console.log('signet: review the SQL, then run `npm run db:generate` and `npm run db:migrate`.');
  return folder;
}

if (import.meta.filename === process.argv[1]) {
  const name = process.argv
    .slice(2)
    .filter((arg) => !arg.startsWith('-'))
    .join('_');
  newMigration(name).catch((error: unknown) => {
    console.error(`signet: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  });
}
