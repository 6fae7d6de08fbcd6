import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { newMigration } from '@/scripts/db-new-migration';
import { diffSchemas } from '@/scripts/db-schema-engine';
import { DATABASE_KINDS, derivePostgresSchema, readSchemas } from '@/scripts/db-schemas';
import { repoMigrations, tempDir } from './helpers';

describe('the committed migrations', () => {
  it('have the same folders for both databases, each with a migration.sql', () => {
    const [sqlite, postgresql] = DATABASE_KINDS.map((kind) => readdirSync(path.join(repoMigrations, kind)).sort());
    expect(sqlite!.length).toBeGreaterThan(0);
    expect(postgresql).toEqual(sqlite);
    for (const kind of DATABASE_KINDS) {
      for (const name of sqlite!) expect(existsSync(path.join(repoMigrations, kind, name, 'migration.sql'))).toBe(true);
    }
  });

  it('cover every change in prisma/schema.prisma (else run npm run db:new-migration)', async () => {
    const snapshot = readSchemas(readFileSync(path.join(repoMigrations, 'snapshot.prisma'), 'utf8'));
    const current = readSchemas();
    for (const kind of DATABASE_KINDS) expect(await diffSchemas(kind, snapshot[kind], current[kind])).toBe('');
  });
});

describe('the PostgreSQL variant', () => {
  it('differs only in provider and client output', () => {
    const variant = derivePostgresSchema(readSchemas().sqlite);
    expect(variant).toContain('provider = "postgresql"');
    expect(variant).toContain('"../../../lib/generated/prisma/postgresql"');
    expect(variant).not.toContain('"sqlite"');
  });

  it('is refused for a schema whose provider is not the expected one', () => {
    expect(() => derivePostgresSchema('datasource db {\n  provider = "mysql"\n}')).toThrow(
      /expected exactly one provider/,
    );
  });
});

describe('newMigration', () => {
  it('writes both SQL files once, then nothing while the schema is unchanged', async () => {
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
    const dir = tempDir();
    const folder = await newMigration('First Try', dir);
    expect(folder).toMatch(/^\d{14}_first_try$/);
    const postgres = readFileSync(path.join(dir, 'postgresql', folder!, 'migration.sql'), 'utf8');
    expect(postgres).toMatch(/CREATE TYPE "JobStatus" AS ENUM/);
    expect(postgres).not.toMatch(/CREATE SCHEMA/);
    expect(readFileSync(path.join(dir, 'sqlite', folder!, 'migration.sql'), 'utf8')).toMatch(/CREATE TABLE "User"/);
    expect(await newMigration('again', dir)).toBeNull();
    vi.restoreAllMocks();
  });
});
