// `npm run db:seed [-- --first-time]`: the demo data of prisma/demo-data.ts
// in DATABASE_URL (default: the SQLite file in the data folder).
import { getEnv } from '../lib/env';
import { createPrismaClient } from '../lib/server/db/create-client';
import { seedDemoData } from './demo-data';

async function main() {
  const db = createPrismaClient(getEnv().databaseUrl);
  try {
    const report = await seedDemoData(db, { firstTimeOnly: process.argv.includes('--first-time') });
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
