// The demo data `npm run db:seed` (and the first `npm start`) puts in a database.
import type { UserRole } from '../lib/generated/prisma/sqlite/client';
import type { TDbClient } from '../lib/server/db/create-client';

/** Setting written once the demo data is in, so --first-time seeds once per database. */
export const SEED_DONE = 'demo-seed-done';

/** Also the accounts of the local identity provider (scripts/idp/accounts.ts). */
export const DEMO_USERS: { email: string; givenName: string; familyName: string; role: UserRole }[] = [
  { email: 'admin@signet.localhost', givenName: 'Ada', familyName: 'Admin', role: 'ADMIN' },
  { email: 'alice@signet.localhost', givenName: 'Alice', familyName: 'Adams', role: 'USER' },
  { email: 'bob@signet.localhost', givenName: 'Bob', familyName: 'Brown', role: 'USER' },
];

/**
 * Upserts the demo users by email; returns one line per thing done. With
 * firstTimeOnly, does nothing on a database seeded before, so demo users
 * someone deleted on purpose do not come back at every start.
 */
export async function seedDemoData(db: TDbClient, { firstTimeOnly = false } = {}): Promise<string[]> {
  if (firstTimeOnly && (await db.setting.findUnique({ where: { key: SEED_DONE } }))) {
    return ['demo data already seeded'];
  }
  const report: string[] = [];
  for (const user of DEMO_USERS) {
    const data = { ...user, name: `${user.givenName} ${user.familyName}` };
    const existing = await db.user.findUnique({ where: { email: user.email } });
    if (!existing) {
      await db.user.create({ data });
      report.push(`created ${user.email} (${data.name}, ${user.role})`);
    } else if (existing.name !== data.name || existing.role !== user.role) {
      await db.user.update({ where: { email: user.email }, data: { name: data.name, role: user.role } });
      report.push(`updated ${user.email} (${data.name}, ${user.role})`);
    } else {
      report.push(`${user.email} already present`);
    }
  }
  const now = new Date().toISOString();
  await db.setting.upsert({ where: { key: SEED_DONE }, create: { key: SEED_DONE, value: now }, update: { value: now } });
  return report;
}
