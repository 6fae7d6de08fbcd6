// `npm run db:generate [-- --if-stale]`: both Prisma clients (SQLite and PostgreSQL).
import { generateClients } from './db-schemas';

const started = Date.now();
generateClients({ ifStale: process.argv.includes('--if-stale') }).then(
  (generated) =>
    console.log(
      generated
        ? `signet: generated Prisma clients in ${Date.now() - started} ms`
        : 'signet: Prisma clients are up to date',
    ),
  (error: unknown) => {
    console.error(`signet: ${error instanceof Error ? error.message : String(error)}`);
    process.exit(1);
  },
);
