// `npm run db:migrate`: applies pending migrations to DATABASE_URL (default:
// the SQLite file in the data folder). `npm start` does the same on its own.
import { EnvError, getEnv } from '../lib/env';
import { migrateDatabase } from '../lib/server/db/migrate';

async function main() {
  const env = getEnv();
  const started = Date.now();
  const { applied } = await migrateDatabase(env.databaseUrl);
  const where = env.databaseKind === 'sqlite' ? env.databaseUrl : `PostgreSQL (${new URL(env.databaseUrl).host})`;
  const took = `${Date.now() - started} ms`;
  console.log(
    applied.length
      ? `signet: applied ${applied.length} migration(s) to ${where} in ${took}: ${applied.join(', ')}`
      : `signet: ${where} is up to date`,
  );
}

main().catch((error: unknown) => {
  const message = error instanceof EnvError || error instanceof Error ? error.message : String(error);
  console.error(`signet: migrate failed: ${message}`);
  process.exit(1);
});
