// The demo data `npm run db:seed` (and the first `npm start`) puts in a database.
import type { UserRole } from '../lib/generated/prisma/sqlite/client';
import type { TDbClient } from '../lib/server/db/create-client';

/** Setting written once the demo data is in, so --first-time seeds once per database. */
export const SEED_DONE = 'demo-seed-done';

/**
 * Also the accounts of the local identity provider (scripts/idp/accounts.ts),
 * and only for it: with an external provider (OIDC_ISSUER) nothing is
 * seeded, and a demo administrator left from a local start is demoted.
 */
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
  await db.setting.upsert({
    where: { key: SEED_DONE },
    create: { key: SEED_DONE, value: now },
    update: { value: now },
  });
  return report;
}

/** The demo administrator's address: with an external provider it must not stay an administrator. */
export const DEMO_ADMIN_EMAIL = 'admin@signet.localhost';

/**
 * With an external identity provider the demo accounts are no one's: whoever
 * that provider says owns admin@signet.localhost would otherwise sign in as
 * the administrator. Demotes it (its sessions end), unless the operator
 * named the address in ADMIN_EMAILS.
 */
export async function retireDemoAdministrator(db: TDbClient, adminEmails: readonly string[]): Promise<string[]> {
  if (adminEmails.includes(DEMO_ADMIN_EMAIL))
    return [`${DEMO_ADMIN_EMAIL} kept as administrator: ADMIN_EMAILS names it`];
  const { count } = await db.user.updateMany({
    where: { email: DEMO_ADMIN_EMAIL, role: 'ADMIN' },
    data: { role: 'USER', sessionVersion: { increment: 1 } },
  });
  return [
    count
      ? `demoted the demo administrator ${DEMO_ADMIN_EMAIL}: an external identity provider is configured (name administrators with ADMIN_EMAILS or npm run admin -- grant <email>)`
      : 'no demo data: an external identity provider is configured (OIDC_ISSUER)',
  ];
}
