import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TUserClaims } from '@/lib/auth/map-claims';
import { signInIdentity } from '@/lib/server/auth/sign-in-identity';
import { createPrismaClient, type TDbClient } from '@/lib/server/db/create-client';
import { migrateDatabase } from '@/lib/server/db/migrate';
import { retireDemoAdministrator, seedDemoData } from '@/prisma/demo-data';
import { tempSqliteUrl } from '../db/helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

const LOCAL = 'http://localhost:3001';
const EXTERNAL = 'https://login.example.com/realms/signet';

let client: TDbClient;
beforeAll(async () => {
  const url = tempSqliteUrl();
  await migrateDatabase(url);
  client = createPrismaClient(url);
});
afterAll(() => client.$disconnect());

let n = 0;
const unique = (prefix: string) => `${prefix}-${++n}@example.test`;

function claims(email: string, emailVerified: boolean, extra: Partial<TUserClaims> = {}): TUserClaims {
  return { email, emailVerified, name: 'Ann', givenName: 'Ann', familyName: 'Lee', ...extra };
}

const signIn = (issuer: string, subject: string, claimed: TUserClaims, adminEmails: string[] = []) =>
  signInIdentity({ issuer, subject }, claimed, { adminEmails, client });

const identitiesOf = (userId: string) =>
  client.userIdentity.findMany({ where: { userId }, orderBy: { createdAt: 'asc' } });

describe('signInIdentity: users are found by issuer + subject', () => {
  it('creates the account and its identity at the first verified sign-in, then finds it by subject', async () => {
    const email = unique('ann');
    const first = await signIn(EXTERNAL, 'sub-ann', claims(email, true));
    expect(first).toMatchObject({ created: true });
    const again = await signIn(EXTERNAL, 'sub-ann', claims(email, true));
    expect(again).toEqual({ userId: (first as { userId: string }).userId, created: false });
    expect(await identitiesOf((first as { userId: string }).userId)).toMatchObject([
      { issuer: EXTERNAL, subject: 'sub-ann' },
    ]);
  });

  it('refuses a second provider account with the same address unverified, and links nothing', async () => {
    const email = unique('owner');
    const owner = (await signIn(EXTERNAL, 'sub-owner', claims(email, true))) as { userId: string };
    const users = await client.user.count();
    expect(
      await signIn(EXTERNAL, 'sub-intruder', claims(email, false, { givenName: 'Mallory', name: 'Mallory' })),
    ).toEqual({ refused: 'EmailInUse' });
    expect(await client.user.count()).toBe(users);
    expect(await identitiesOf(owner.userId)).toHaveLength(1);
    expect(
      await client.userIdentity.findUnique({
        where: { issuer_subject: { issuer: EXTERNAL, subject: 'sub-intruder' } },
      }),
    ).toBeNull();
    expect(await client.user.findUnique({ where: { id: owner.userId } })).toMatchObject({
      name: 'Ann',
      givenName: 'Ann',
    });
  });

  it('links a second provider account whose matching address the provider verified', async () => {
    const email = unique('both');
    const owner = (await signIn(EXTERNAL, 'sub-both-1', claims(email, true))) as { userId: string };
    expect(await signIn(LOCAL, 'sub-both-2', claims(email, true))).toEqual({ userId: owner.userId, created: false });
    expect((await identitiesOf(owner.userId)).map((identity) => identity.subject)).toEqual([
      'sub-both-1',
      'sub-both-2',
    ]);
  });

  it('creates no account for an unverified address nobody holds', async () => {
    const email = unique('nobody');
    expect(await signIn(EXTERNAL, 'sub-nobody', claims(email, false))).toEqual({ refused: 'EmailUnverified' });
    expect(await client.user.findUnique({ where: { email } })).toBeNull();
  });

  it('gives a user from before identities (no identity row) their first one only on a verified sign-in', async () => {
    const email = unique('legacy');
    const legacy = await userOnPlan(client, { email, name: 'Leg', role: 'ADMIN' }, 'PRO');
    expect(await signIn(EXTERNAL, 'sub-legacy-unverified', claims(email, false))).toEqual({ refused: 'EmailInUse' });
    expect(await identitiesOf(legacy.id)).toHaveLength(0);
    expect(await signIn(EXTERNAL, 'sub-legacy', claims(email, true))).toEqual({ userId: legacy.id, created: false });
    // The same account: its role, and its personal workspace with the plan it had.
    expect(await client.user.findUniqueOrThrow({ where: { id: legacy.id } })).toMatchObject({ role: 'ADMIN' });
    expect(await client.workspace.findUniqueOrThrow({ where: { id: legacy.id } })).toMatchObject({ plan: 'PRO' });
    expect(await identitiesOf(legacy.id)).toHaveLength(1);
  });

  it('follows a verified change of address at the provider, but not an unverified one or one another account holds', async () => {
    const email = unique('mover');
    const taken = unique('taken');
    await client.user.create({ data: { email: taken } });
    const { userId } = (await signIn(EXTERNAL, 'sub-mover', claims(email, true))) as { userId: string };
    const unverified = unique('unverified');
    await signIn(EXTERNAL, 'sub-mover', claims(unverified, false));
    expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
    await signIn(EXTERNAL, 'sub-mover', claims(taken, true));
    expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(email);
    const moved = unique('moved');
    expect(await signIn(EXTERNAL, 'sub-mover', claims(moved, true))).toEqual({ userId, created: false });
    expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).email).toBe(moved);
  });

  it('two first sign-ins of one identity at once make one account', async () => {
    const email = unique('twice');
    const results = await Promise.all([
      signIn(EXTERNAL, 'sub-twice', claims(email, true)),
      signIn(EXTERNAL, 'sub-twice', claims(email, true)),
    ]);
    const ids = results.map((result) => (result as { userId: string }).userId);
    expect(ids[0]).toBe(ids[1]);
    expect(await identitiesOf(ids[0]!)).toHaveLength(1);
  });
});

describe('administrators are named by the operator, never by an address alone', () => {
  it('ADMIN_EMAILS grants the role at a sign-in with that address verified, only then', async () => {
    const email = unique('boss');
    const first = (await signIn(EXTERNAL, 'sub-boss', claims(email, false), [email])) as { refused?: string };
    expect(first.refused).toBe('EmailUnverified');
    const { userId } = (await signIn(EXTERNAL, 'sub-boss', claims(email, true), [email])) as { userId: string };
    expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe('ADMIN');
    const other = (await signIn(EXTERNAL, 'sub-not-boss', claims(unique('staff'), true), [email])) as {
      userId: string;
    };
    expect((await client.user.findUniqueOrThrow({ where: { id: other.userId } })).role).toBe('USER');
  });

  it('an address in ADMIN_EMAILS sent unverified by an already linked identity grants nothing', async () => {
    const email = unique('linked');
    const { userId } = (await signIn(EXTERNAL, 'sub-linked', claims(email, true))) as { userId: string };
    const target = unique('target');
    await signIn(EXTERNAL, 'sub-linked', claims(target, false), [target]);
    expect((await client.user.findUniqueOrThrow({ where: { id: userId } })).role).toBe('USER');
  });

  it('an address in ADMIN_EMAILS that another account holds grants nothing to a linked identity claiming it', async () => {
    const held = unique('held');
    await client.user.create({ data: { email: held } });
    const { userId } = (await signIn(EXTERNAL, 'sub-claims-held', claims(unique('own'), true))) as { userId: string };
    await signIn(EXTERNAL, 'sub-claims-held', claims(held, true), [held]);
    expect(await client.user.findUniqueOrThrow({ where: { id: userId } })).toMatchObject({ role: 'USER' });
  });

  it('an external-provider user with the demo admin address is not an administrator', async () => {
    // A database seeded while the local provider ran, then started with an external one.
    await seedDemoData(client);
    expect((await client.user.findUniqueOrThrow({ where: { email: 'admin@signet.localhost' } })).role).toBe('ADMIN');
    expect(await retireDemoAdministrator(client, [])).toEqual([
      expect.stringMatching(/^demoted the demo administrator admin@signet\.localhost/),
    ]);
    const outcome = (await signIn(EXTERNAL, 'someone-at-the-external-idp', claims('admin@signet.localhost', true))) as {
      userId: string;
    };
    const user = await client.user.findUniqueOrThrow({ where: { id: outcome.userId } });
    expect(user.role).toBe('USER');
    expect(user.sessionVersion).toBe(1); // sessions begun as the demo administrator ended
  });

  it('keeps the demo administrator only when ADMIN_EMAILS names it', async () => {
    await client.user.update({ where: { email: 'admin@signet.localhost' }, data: { role: 'ADMIN' } });
    expect(await retireDemoAdministrator(client, ['admin@signet.localhost'])).toEqual([
      expect.stringMatching(/kept as administrator/),
    ]);
    expect((await client.user.findUniqueOrThrow({ where: { email: 'admin@signet.localhost' } })).role).toBe('ADMIN');
  });
});
