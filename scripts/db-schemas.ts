// Where the schema, its derived PostgreSQL variant, the migrations and the
// generated clients live; how the variant is derived; generating both clients.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { DatabaseKind } from '../lib/env-values';

export const root = path.resolve(import.meta.dirname, '..');
export const schemaFile = path.join(root, 'prisma', 'schema.prisma');
export const postgresSchemaFile = path.join(root, 'prisma', '.generated', 'postgresql', 'schema.prisma');
export const migrationsRoot = path.join(root, 'prisma', 'migrations');
/** The schema the newest migration was made from: the "from" side of the next diff. */
export const snapshotFile = path.join(migrationsRoot, 'snapshot.prisma');
export const generatedDir = path.join(root, 'lib', 'generated', 'prisma');
const stampFile = path.join(generatedDir, '.schema-hash');

export const DATABASE_KINDS: readonly DatabaseKind[] = ['sqlite', 'postgresql'];

function swapOnce(text: string, pattern: RegExp, replacement: string, what: string): string {
  const count = text.match(new RegExp(pattern.source, 'g'))?.length ?? 0;
  if (count !== 1) throw new Error(`prisma/schema.prisma: expected exactly one ${what}, found ${count}`);
  return text.replace(pattern, replacement);
}

/**
 * The PostgreSQL variant of a schema written for SQLite: only the datasource
 * provider and the client output differ, so the two clients share one API.
 */
export function derivePostgresSchema(sqliteSchema: string): string {
  let text = swapOnce(sqliteSchema, /provider\s*=\s*"sqlite"/, 'provider = "postgresql"', 'provider = "sqlite"');
  text = swapOnce(
    text,
    /output\s*=\s*"\.\.\/lib\/generated\/prisma\/sqlite"/,
    // Relative to prisma/.generated/postgresql/, where the variant is written.
    'output   = "../../../lib/generated/prisma/postgresql"',
    'output = "../lib/generated/prisma/sqlite"',
  );
  return `// Derived from prisma/schema.prisma by scripts/db-schemas.ts. Do not edit.\n${text}`;
}

/** Both schema texts, by database kind. */
export function readSchemas(sqliteSchema = readFileSync(schemaFile, 'utf8')): Record<DatabaseKind, string> {
  return { sqlite: sqliteSchema, postgresql: derivePostgresSchema(sqliteSchema) };
}

function currentHash(): string {
  const prismaVersion = (createRequire(import.meta.url)('prisma/package.json') as { version: string }).version;
  return createHash('sha256')
    .update(readFileSync(schemaFile))
    .update(readFileSync(import.meta.filename))
    .update(prismaVersion)
    .digest('hex');
}

export function clientsAreStale(): boolean {
  const complete = DATABASE_KINDS.every((kind) => existsSync(path.join(generatedDir, kind, 'client.ts')));
  return !complete || !existsSync(stampFile) || readFileSync(stampFile, 'utf8') !== currentHash();
}

function prismaGenerate(schema: string): Promise<void> {
  const cli = path.join(root, 'node_modules', 'prisma', 'build', 'index.js');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [cli, 'generate', '--schema', schema], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: '1', CHECKPOINT_DISABLE: '1' },
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`prisma generate --schema ${path.relative(root, schema)} failed:\n${output}`)),
    );
  });
}

/** Writes the PostgreSQL variant and generates both clients in parallel; false when already current. */
export async function generateClients({ ifStale = false } = {}): Promise<boolean> {
  if (ifStale && !clientsAreStale()) return false;
  mkdirSync(path.dirname(postgresSchemaFile), { recursive: true });
  writeFileSync(postgresSchemaFile, readSchemas().postgresql);
  await Promise.all([prismaGenerate(schemaFile), prismaGenerate(postgresSchemaFile)]);
  mkdirSync(generatedDir, { recursive: true });
  writeFileSync(stampFile, currentHash());
  return true;
}
