// `npm run admin -- <grant|revoke> <email>` and `npm run admin -- list`: the
// operator names the administrators; no provider claim and no
// address makes one by itself. `npm run admin -- plan <workspace id | email> <plan>`
// sets a workspace's plan until billing exists (docs/teams.md).
// Works on DATABASE_URL (default: the SQLite file).
import { z } from 'zod';
import { plans } from '../lib/api/v1/usage';
import { EnvError, getEnv } from '../lib/env';
import { createPrismaClient } from '../lib/server/db/create-client';
import { setRole } from '../lib/server/users/set-role';
import { setWorkspacePlan, type TPlan } from '../lib/server/workspaces/set-workspace-plan';
import { workspaceLabel } from './lib/workspace-label';

const USAGE = `usage: npm run admin -- grant <email> | revoke <email> | list | plan <workspace id | email> <${plans.join('|')}>`;

async function main(): Promise<number> {
  const [command, address, ...extra] = process.argv.slice(2);
  const env = getEnv();
  const db = createPrismaClient(env.databaseUrl);
  try {
    if (command === 'list' && !address) {
      const admins = await db.user.findMany({
        where: { role: 'ADMIN' },
        orderBy: { email: 'asc' },
        select: { email: true },
      });
      console.log(admins.length ? admins.map((admin) => admin.email).join('\n') : 'signet: no administrators');
      return 0;
    }
    if (command === 'plan') {
      const plan = extra[0]?.toLowerCase();
      if (!address || extra.length !== 1 || !plans.includes(plan as TPlan)) {
        console.error(USAGE);
        return 2;
      }
      const change = await setWorkspacePlan(db, address, plan as TPlan);
      console.log(
        `signet: admin: plan of ${workspaceLabel(change)} (${change.workspaceId}) ${change.plan === change.previous ? `is already ${change.plan}` : `is now ${change.plan} (was ${change.previous})`}`,
      );
      return 0;
    }
    if ((command !== 'grant' && command !== 'revoke') || !address || extra.length) {
      console.error(USAGE);
      return 2;
    }
    if (!z.email().safeParse(address.trim()).success) {
      console.error(`signet: admin: "${address}" is not an email address`);
      return 2;
    }
    const change = await setRole(db, address, command === 'grant' ? 'ADMIN' : 'USER');
    const what = {
      created: 'prepared a new account for',
      changed: command === 'grant' ? 'granted administrator to' : 'revoked administrator from',
      unchanged: 'nothing to do for',
    }[change.outcome];
    console.log(
      `signet: admin: ${what} ${change.email} (${change.role})${change.outcome === 'changed' && change.role === 'USER' ? '; their sessions end' : ''}`,
    );
    if (command === 'revoke' && env.ADMIN_EMAILS.includes(change.email)) {
      console.error(
        `signet: admin: ${change.email} is in ADMIN_EMAILS and becomes administrator again at the next sign-in: remove it there too`,
      );
    }
    return 0;
  } finally {
    await db.$disconnect();
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(
      `signet: admin: ${error instanceof EnvError ? error.message : error instanceof Error ? error.message : String(error)}`,
    );
    process.exit(1);
  },
);
