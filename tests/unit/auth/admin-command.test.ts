import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { setWorkspacePlan } from '@/lib/server/workspaces/set-workspace-plan';
import { tempDir } from '../db/helpers';

const root = path.resolve(import.meta.dirname, '..', '..', '..');
const dataDir = tempDir('signet-admin-');
const base = {
  ...process.env,
  DATA_DIR: dataDir,
  DATABASE_URL: '',
  OIDC_ISSUER: '',
  OIDC_CLIENT_ID: '',
  ADMIN_EMAILS: '',
  LOG_LEVEL: 'error',
};
const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(process.execPath, ['scripts/db.mjs', ...args], { cwd: root, env: { ...base, ...env }, encoding: 'utf8' });

let db: TDbClient;
beforeAll(() => {
  expect(run(['migrate']).status).toBe(0);
  db = createPrismaClient(`file:${path.join(dataDir, 'signet.db')}`);
}, 60_000);
afterAll(() => db.$disconnect());

describe('npm run db:seed with an external identity provider', () => {
  const external = { OIDC_ISSUER: 'https://login.example.com', OIDC_CLIENT_ID: 'signet' };

  it('seeds no demo administrator (nor any demo user)', async () => {
    const seed = run(['seed', '--first-time'], external);
    expect(seed.status).toBe(0);
    expect(seed.stdout).toMatch(/no demo data: an external identity provider is configured/);
    expect(await db.user.count()).toBe(0);
  }, 60_000);

  it('demotes a demo administrator left from a local start', async () => {
    expect(run(['seed', '--first-time']).stdout).toMatch(/created admin@signet\.localhost/);
    const seed = run(['seed', '--first-time'], external);
    expect(seed.stdout).toMatch(/demoted the demo administrator admin@signet\.localhost/);
    expect(await db.user.findUniqueOrThrow({ where: { email: 'admin@signet.localhost' } })).toMatchObject({
      role: 'USER',
      sessionVersion: 1,
    });
  }, 60_000);
});

describe('npm run admin', () => {
  it('grants, lists and revokes the administrator role by address; revoking ends the sessions', async () => {
    await db.user.create({ data: { email: 'carol@example.test', name: 'Carol' } });
    const grant = run(['admin', 'grant', 'Carol@Example.test']);
    expect(grant.status).toBe(0);
    expect(grant.stdout).toMatch(/granted administrator to carol@example\.test/);
    expect(await db.user.findUniqueOrThrow({ where: { email: 'carol@example.test' } })).toMatchObject({
      role: 'ADMIN',
      sessionVersion: 0,
    });
    expect(run(['admin', 'list']).stdout).toMatch(/^carol@example\.test$/m);
    const revoke = run(['admin', 'revoke', 'carol@example.test']);
    expect(revoke.status).toBe(0);
    expect(revoke.stdout).toMatch(/revoked administrator from carol@example\.test \(USER\); their sessions end/);
    expect(await db.user.findUniqueOrThrow({ where: { email: 'carol@example.test' } })).toMatchObject({
      role: 'USER',
      sessionVersion: 1,
    });
  }, 60_000);

  it('prepares the account of a first administrator who has not signed in yet', async () => {
    expect(run(['admin', 'grant', 'first@example.test']).stdout).toMatch(
      /prepared a new account for first@example\.test \(ADMIN\)/,
    );
    expect(await db.user.findUniqueOrThrow({ where: { email: 'first@example.test' } })).toMatchObject({
      role: 'ADMIN',
    });
  }, 60_000);

  it('warns when ADMIN_EMAILS would grant the role again', () => {
    const revoke = run(['admin', 'revoke', 'first@example.test'], { ADMIN_EMAILS: 'first@example.test' });
    expect(revoke.stderr).toMatch(/is in ADMIN_EMAILS and becomes administrator again at the next sign-in/);
  }, 60_000);

  it.each([
    [['admin'], 2, /usage: npm run admin/],
    [['admin', 'promote', 'x@example.test'], 2, /usage: npm run admin/],
    [['admin', 'grant', 'not-an-address'], 2, /is not an email address/],
    [['admin', 'revoke', 'ghost@example.test'], 1, /no account has the address ghost@example\.test/],
    [
      ['admin', 'plan', 'carol@example.test', 'gold'],
      2,
      /usage: npm run admin -- .*plan <workspace id \| email> <free\|pro\|enterprise>/,
    ],
  ])(
    'refuses %j clearly',
    (args, status, message) => {
      const result = run(args);
      expect(result.status).toBe(status);
      expect(result.stderr).toMatch(message);
    },
    60_000,
  );
});

describe('npm run admin -- plan', () => {
  const planOf = async (id: string) => (await db.workspace.findUniqueOrThrow({ where: { id } })).plan;

  it("sets the plan of a user's personal workspace named by their email, and says what it was", async () => {
    const erin = await db.user.create({ data: { email: 'erin@example.test', name: 'Erin' } });
    const result = run(['admin', 'plan', 'Erin@Example.test', 'PRO']);
    expect(result.status).toBe(0);
    expect(result.stdout).toMatch(
      `signet: admin: plan of the personal workspace of erin@example.test (${erin.id}) is now pro (was free)`,
    );
    expect(await planOf(erin.id)).toBe('PRO');
  }, 60_000);

  it('sets a workspace by its id, a team as well as a personal one, and leaves an unchanged plan alone', async () => {
    const frank = await db.user.create({ data: { email: 'frank@example.test' } });
    const team = await db.workspace.create({ data: { kind: 'TEAM', name: 'Acme' } });
    await db.membership.create({ data: { workspaceId: team.id, userId: frank.id, role: 'OWNER' } });
    expect(await setWorkspacePlan(db, team.id, 'enterprise')).toEqual({
      workspaceId: team.id,
      kind: 'TEAM',
      name: 'Acme',
      plan: 'enterprise',
      previous: 'free',
    });
    expect(await planOf(team.id)).toBe('ENTERPRISE');
    expect(await planOf(frank.id)).toBe('FREE'); // the member's own workspace keeps its plan
    expect(await setWorkspacePlan(db, frank.id, 'pro')).toMatchObject({ kind: 'PERSONAL', name: 'frank@example.test' });
    expect(await setWorkspacePlan(db, team.id, 'enterprise')).toMatchObject({
      plan: 'enterprise',
      previous: 'enterprise',
    });
    expect(await setWorkspacePlan(db, team.id, 'free')).toMatchObject({ plan: 'free', previous: 'enterprise' });
    expect(await planOf(team.id)).toBe('FREE');
  });

  it('refuses an unknown workspace id or address, changing nothing', async () => {
    const plans = await db.workspace.findMany({ select: { id: true, plan: true }, orderBy: { id: 'asc' } });
    await expect(setWorkspacePlan(db, 'no-such-workspace', 'pro')).rejects.toThrow(
      'no workspace or user no-such-workspace',
    );
    await expect(setWorkspacePlan(db, 'ghost@example.test', 'pro')).rejects.toThrow(
      'no workspace or user ghost@example.test',
    );
    expect(await db.workspace.findMany({ select: { id: true, plan: true }, orderBy: { id: 'asc' } })).toEqual(plans);
  });
});
