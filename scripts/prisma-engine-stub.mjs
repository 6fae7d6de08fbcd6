#!/usr/bin/env node
// Stand-in for Prisma's native schema-engine binary, which Prisma downloads
// from a host this machine cannot reach. prisma.config.ts points
// PRISMA_SCHEMA_ENGINE_BINARY here, so `prisma generate` (which never runs the
// engine) works offline, and the commands that do need it (`prisma migrate …`,
// `prisma db …`) get a JSON-RPC error pointing to our own tooling instead of a
// download failure.
import readline from 'node:readline';

const MESSAGE =
  'Signet does not use the native Prisma schema engine. Create migrations with ' +
  '`npm run db:new-migration -- <name>` and apply them with `npm run db:migrate` ' +
  '(README: "Prisma on a machine without Prisma\'s binaries").';

if (process.argv.includes('--version')) {
  console.log('schema-engine-cli signet-stub');
  process.exit(0);
}

// One-shot subcommands (`… cli can-connect-to-database`): the CLI reads
// stderr from its second line on as JSON log records.
if (process.argv.includes('cli')) {
  const record = {
    level: 'ERROR',
    target: 'schema_engine::logger',
    fields: { error_code: 'SIGNET', message: MESSAGE },
  };
  process.stderr.write(`signet schema-engine stub\n${JSON.stringify(record)}\n`);
  process.exit(1);
}

// Otherwise the CLI speaks JSON-RPC over stdio; answer each request with an error it shows as is.
const lines = readline.createInterface({ input: process.stdin });
lines.on('line', (line) => {
  let id = null;
  try {
    id = JSON.parse(line).id ?? null;
  } catch {
    // not a request: answer anyway
  }
  const error = {
    code: 4466,
    message: MESSAGE,
    data: { is_panic: false, message: MESSAGE, meta: {}, error_code: null },
  };
  process.stdout.write(`${JSON.stringify({ jsonrpc: '2.0', id, error })}\n`);
});
lines.on('close', () => process.exit(0));
