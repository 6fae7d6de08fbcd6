// `npm run db:seed [-- --first-time]`: the demo data of prisma/demo-data.ts
// in DATABASE_URL (default: the SQLite file in the data folder), only with the
// embedded local identity provider; with OIDC_ISSUER set it seeds nothing and
// demotes a demo administrator left from an earlier local start.
import { getEnv } from '../lib/env';
import { createPrismaClient } from '../lib/server/db/create-client';
import { retireDemoAdministrator, seedDemoData } from './demo-data';

async function main() {
  const env = getEnv();
  const db = createPrismaClient(env.databaseUrl);
  try {
    const report = env.OIDC_ISSUER
      ? await retireDemoAdministrator(db, env.ADMIN_EMAILS)
      : await seedDemoData(db, { firstTimeOnly: process.argv.includes('--first-time') });
    for (const line of report) console.log(`signet: seed: ${line}`);
  } finally {
    await db.$disconnect();
  }
}

main().catch((error: unknown) => {
  const message = error instanceof Error ? error.message : String(error);
  const hint = /does not exist/.test(message) ? ' (apply the migrations first: npm run db:migrate)' : '';
  console.error(`signet: seed failed: ${message}${hint}`);
  process.exit(1);
});
