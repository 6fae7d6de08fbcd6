// Runs only when TEST_POSTGRES_URL is set (vitest.config.ts); `npm test`
// starts a throwaway server with scripts/pg-cluster.mjs for it.
// The team rules under concurrency (docs/teams.md): a team always keeps an owner however its two owners act at the
// same moment, and an invitation is either accepted or revoked, never both. Each round is a team of its own; all
// rounds run at once, so the two calls of a round race each other for the team's row lock.
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { appDatabase } from './helpers';

vi.setConfig({ testTimeout: 120_000, hookTimeout: 120_000 });

const open = appDatabase('signet_owners');
let opened: Promise<TDbClient> | undefined;
/** This file's database, made once for both tests. */
const openDatabase = () => (opened ??= open());

/** The operations under test, imported after openDatabase() so they use its client. */
async function appModules() {
  return {
    ...(await import('@/lib/server/teams/remove-member')),
    ...(await import('@/lib/server/teams/change-member-role')),
    ...(await import('@/lib/server/teams/accept-invitation')),
    ...(await import('@/lib/server/teams/revoke-invitation')),
    ...(await import('@/lib/server/teams/invitation-token')),
  };
}

const ROUNDS = 12;
const code = (result: PromiseSettledResult<unknown>) =>
  result.status === 'rejected' ? ((result.reason as { code?: string }).code ?? String(result.reason)) : 'ok';

type TOps = Awaited<ReturnType<typeof appModules>>;
type TSide = 'ana' | 'bo';
/** What one owner does, as `caller` (the other owner is `other`). */
type TAct = (
  ops: TOps,
  caller: { userId: string; workspaceId: string; actor: string },
  other: string,
) => Promise<unknown>;
/** What each owner does, and the error the slower of the two gets. */
type TScenario = { ana: TAct; bo: TAct; loser: string };

/**
 * Both owners at once. Stepping down and leaving would each leave no owner once the other has gone first: CONFLICT.
 * Removing or demoting the other: whoever commits first wins, and the other then acts in a team they have left
 * (NOT_FOUND: access ends with the commit) or as an admin on an owner (FORBIDDEN).
 */
const SCENARIOS: Record<string, TScenario> = {
  'each steps down to admin': {
    ana: (ops, caller) => ops.changeMemberRole(caller, caller.userId, 'admin'),
    bo: (ops, caller) => ops.changeMemberRole(caller, caller.userId, 'admin'),
    loser: 'CONFLICT',
  },
  'each leaves': {
    ana: (ops, caller) => ops.removeMember(caller, caller.userId),
    bo: (ops, caller) => ops.removeMember(caller, caller.userId),
    loser: 'CONFLICT',
  },
  'one leaves while the other steps down': {
    ana: (ops, caller) => ops.removeMember(caller, caller.userId),
    bo: (ops, caller) => ops.changeMemberRole(caller, caller.userId, 'member'),
    loser: 'CONFLICT',
  },
  'each removes the other': {
    ana: (ops, caller, other) => ops.removeMember(caller, other),
    bo: (ops, caller, other) => ops.removeMember(caller, other),
    loser: 'NOT_FOUND',
  },
  'one removes the other while that one leaves': {
    ana: (ops, caller, other) => ops.removeMember(caller, other),
    bo: (ops, caller) => ops.removeMember(caller, caller.userId),
    loser: 'NOT_FOUND',
  },
  'each demotes the other': {
    ana: (ops, caller, other) => ops.changeMemberRole(caller, other, 'admin'),
    bo: (ops, caller, other) => ops.changeMemberRole(caller, other, 'admin'),
    loser: 'FORBIDDEN',
  },
};

describe('a team keeps an owner under concurrent changes (PostgreSQL)', () => {
  it.each(Object.entries(SCENARIOS))('%s: one wins, the other is refused, an owner remains', async (_, scenario) => {
    const db = await openDatabase();
    const ops = await appModules();

    async function round(n: number) {
      const [ana, bo] = await Promise.all(
        ['ana', 'bo'].map((name) => db.user.create({ data: { email: `${name}-${n}-${randomUUID()}@example.com` } })),
      );
      const team = await db.workspace.create({
        data: {
          kind: 'TEAM',
          name: `Race ${n}`,
          members: { create: [ana!, bo!].map((user) => ({ userId: user.id, role: 'OWNER' as const })) },
        },
      });
      // Each owner's document in the team, which passes to the owner who stays if its maker goes.
      for (const user of [ana!, bo!])
        await db.document.create({
          data: {
            token: randomUUID(),
            name: 'Race.pdf',
            ownerId: user.id,
            workspaceId: team.id,
            originalBlob: `documents/${randomUUID()}/original.pdf`,
            originalSha256: 'x',
            pageCount: 1,
          },
        });
      const as = (user: { id: string }) => ({ userId: user.id, workspaceId: team.id, actor: user.id });
      const results = await Promise.allSettled([
        scenario.ana(ops, as(ana!), bo!.id),
        scenario.bo(ops, as(bo!), ana!.id),
      ]);
      const members = await db.membership.findMany({ where: { workspaceId: team.id } });
      const documents = await db.document.findMany({ where: { workspaceId: team.id }, select: { ownerId: true } });
      return { ids: { ana: ana!.id, bo: bo!.id } as Record<TSide, string>, results, members, documents };
    }

    const rounds = await Promise.all(Array.from({ length: ROUNDS }, (_, n) => round(n)));
    for (const [n, { ids, results, members, documents }] of rounds.entries()) {
      const outcome = results.map(code);
      expect(outcome.sort(), `round ${n}`).toEqual([scenario.loser, 'ok'].sort());
      const owners = members.filter((member) => member.role === 'OWNER');
      expect(owners, `round ${n}: ${JSON.stringify(members)}`).toHaveLength(1);
      // Whoever still belongs to the team owns every document in it that a departed member made.
      const remaining = new Set(members.map((member) => member.userId));
      for (const document of documents) expect(remaining.has(document.ownerId), `round ${n}`).toBe(true);
      expect(remaining.has(ids.ana) || remaining.has(ids.bo)).toBe(true);
    }
  });
});

describe('an invitation accepted while it is revoked (PostgreSQL)', () => {
  it('is either accepted (a member) or revoked (GONE), never both', async () => {
    const db = await openDatabase();
    const ops = await appModules();

    async function round(n: number) {
      const owner = await db.user.create({ data: { email: `owner-${n}-${randomUUID()}@example.com` } });
      const invited = await db.user.create({ data: { email: `invited-${n}-${randomUUID()}@example.com` } });
      const team = await db.workspace.create({
        data: { kind: 'TEAM', name: `Invite ${n}`, members: { create: { userId: owner.id, role: 'OWNER' } } },
      });
      const link = ops.newInvitationToken();
      const invitation = await db.invitation.create({
        data: {
          workspaceId: team.id,
          email: invited.email,
          tokenHash: link.hash,
          invitedById: owner.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        },
      });
      const [accepted, revoked] = await Promise.allSettled([
        ops.acceptInvitation(invited, link.token),
        ops.revokeInvitation({ userId: owner.id, workspaceId: team.id, actor: owner.id }, invitation.id),
      ]);
      return {
        accepted: code(accepted),
        revoked: code(revoked),
        row: await db.invitation.findUniqueOrThrow({ where: { id: invitation.id } }),
        member: await db.membership.findUnique({
          where: { workspaceId_userId: { workspaceId: team.id, userId: invited.id } },
        }),
      };
    }

    const rounds = await Promise.all(Array.from({ length: ROUNDS * 2 }, (_, n) => round(n)));
    for (const [n, { accepted, revoked, row, member }] of rounds.entries()) {
      if (accepted === 'ok') {
        // Accepted first: there was no pending invitation left to revoke.
        expect({ revoked, member: member?.role, revokedAt: row.revokedAt }, `round ${n}`).toEqual({
          revoked: 'NOT_FOUND',
          member: 'MEMBER',
          revokedAt: null,
        });
        expect(row.acceptedAt, `round ${n}`).not.toBeNull();
      } else {
        expect({ accepted, revoked, member, acceptedAt: row.acceptedAt }, `round ${n}`).toEqual({
          accepted: 'GONE',
          revoked: 'ok',
          member: null,
          acceptedAt: null,
        });
        expect(row.revokedAt, `round ${n}`).not.toBeNull();
      }
    }
  });
});
