// Prisma's official Wasm build of the schema engine (@prisma/schema-engine-wasm),
// used instead of the native binary Prisma would download (unreachable here).
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { PrismaPg } from '@prisma/adapter-pg';
import {
  bindMigrationAwareSqlAdapterFactory,
  type SqlDriverAdapter,
  type SqlMigrationAwareDriverAdapterFactory,
  type SqlQuery,
} from '@prisma/driver-adapter-utils';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import pg from 'pg';
import type { DatabaseKind } from '../lib/env-values';

type TBindings = typeof import('@prisma/schema-engine-wasm/schema_engine_bg') & {
  __wbg_set_wasm(exports: WebAssembly.Exports): void;
};

const NO_FILTERS = { externalTables: [], externalEnums: [] };
let bindings: Promise<TBindings> | undefined;

// The package entry imports its .wasm file as an ES module, which Node 20 only
// allows behind a flag; so we instantiate the module ourselves, once.
function loadBindings(): Promise<TBindings> {
  bindings ??= (async () => {
    const bg = (await import('@prisma/schema-engine-wasm/schema_engine_bg')) as TBindings;
    const require = createRequire(import.meta.url);
    const wasmFile = require
      .resolve('@prisma/schema-engine-wasm')
      .replace(/schema_engine\.js$/, 'schema_engine_bg.wasm');
    const imports = { './schema_engine_bg.js': bg as unknown as WebAssembly.ModuleImports };
    const { instance } = await WebAssembly.instantiate(readFileSync(wasmFile), imports);
    bg.__wbg_set_wasm(instance.exports);
    (instance.exports.__wbindgen_start as (() => void) | undefined)?.();
    return bg;
  })();
  return bindings;
}

/**
 * A driver adapter with no database behind it. Diffing two datamodels needs
 * none, but the PostgreSQL connector asks for the server version when it
 * connects; we answer as PostgreSQL 15 (the generated SQL does not depend on
 * it). Anything else it tries is a bug in our use and fails loudly.
 */
function offlineAdapterFactory(kind: DatabaseKind): SqlMigrationAwareDriverAdapterFactory {
  const provider = kind === 'postgresql' ? 'postgres' : 'sqlite';
  const offline = (what: string) => () => Promise.reject(new Error(`the schema engine tried to ${what} while offline`));
  const adapter: SqlDriverAdapter = {
    provider,
    adapterName: 'signet-offline',
    async queryRaw(query: SqlQuery) {
      if (provider !== 'postgres' || !query.sql.includes('server_version_num')) {
        throw new Error(`the schema engine tried to query while offline: ${query.sql}`);
      }
      // Column types Boolean (5), Text (7), Int32 (0): see ColumnTypeEnum.
      return {
        columnNames: ['exists', 'version', 'numeric_version'],
        columnTypes: [5, 7, 0],
        rows: [[true, 'PostgreSQL 15.0', 150000]],
      };
    },
    executeRaw: offline('execute SQL'),
    executeScript: offline('run a script'),
    startTransaction: offline('start a transaction'),
    dispose: async () => undefined,
  };
  return {
    provider,
    adapterName: 'signet-offline',
    connect: async () => adapter,
    connectToShadowDb: async () => adapter,
  };
}

/** A schema engine for `schema`, over a real database's adapter factory, or offline. */
export async function createSchemaEngine(
  kind: DatabaseKind,
  schema: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory = offlineAdapterFactory(kind),
): Promise<SchemaEngine> {
  const { SchemaEngine } = await loadBindings();
  const ignoreLog = () => undefined;
  return SchemaEngine.new(
    { datamodels: [['schema.prisma', schema]] },
    ignoreLog,
    bindMigrationAwareSqlAdapterFactory(adapterFactory),
  );
}

const datamodel = (content: string) => ({
  tag: 'schemaDatamodel' as const,
  files: [{ path: 'schema.prisma', content }],
});

/** SQL taking a database from `fromSchema` (null: empty) to `toSchema`; '' when nothing changes. */
export async function diffSchemas(kind: DatabaseKind, fromSchema: string | null, toSchema: string): Promise<string> {
  const engine = await createSchemaEngine(kind, toSchema);
  try {
    const result = await engine.diff({
      from: fromSchema === null ? { tag: 'empty' } : datamodel(fromSchema),
      to: datamodel(toSchema),
      script: true,
      exitCode: true, // then the engine answers 2 when the diff is not empty
      filters: NO_FILTERS,
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  } finally {
    engine.free();
  }
}

/**
 * SQL that would still be needed to bring a live database to `schema`: ''
 * when the applied migrations produced exactly the schema. Our bookkeeping
 * table is left out of the comparison.
 */
export async function liveSchemaDrift(
  kind: DatabaseKind,
  schema: string,
  adapterFactory: SqlMigrationAwareDriverAdapterFactory,
): Promise<string> {
  const engine = await createSchemaEngine(kind, schema, adapterFactory);
  try {
    const result = await engine.diff({
      from: { tag: 'schemaDatasource', files: [{ path: 'schema.prisma', content: schema }], configDir: process.cwd() },
      to: datamodel(schema),
      script: true,
      exitCode: true,
      filters: {
        externalTables: [kind === 'postgresql' ? 'public._signet_migrations' : '_signet_migrations'],
        externalEnums: [],
      },
    });
    return result.exitCode === 2 ? (result.stdout ?? '') : '';
  } finally {
    engine.free();
  }
}

/**
 * adapter-pg cannot map PostgreSQL's internal "char" type (OID 18), which the
 * engine's introspection queries return (pg_class.relkind and friends); a
 * pool that reports such columns as text (OID 25) lets introspection run.
 */
export function postgresIntrospectionAdapter(url: string): PrismaPg {
  const pool = new pg.Pool({ connectionString: url });
  const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  const patched = async (config: pg.QueryConfig) => {
    const result = await query(config);
    for (const field of result.fields ?? []) if (field.dataTypeID === 18) field.dataTypeID = 25;
    return result;
  };
  (pool as unknown as { query: typeof patched }).query = patched;
  return new PrismaPg(pool, { disposeExternalPool: true });
}
