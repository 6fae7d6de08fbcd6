import { beforeAll, describe, expect, it, vi } from 'vitest';
import { ZDocumentDetails, ZDocumentList } from '@/lib/api/v1/documents';
import { ZMemberList, ZTeamInvitation, ZTeamInvitationList } from '@/lib/api/v1/teams';
import { userOnPlan } from '../../fixtures/plan-user';
import { apiWorld } from './helpers';

// The signed-in user when `session.user` is set (next-auth mocked; its cookie path is tested in tests/unit/auth).
const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (session.user ? { user: session.user, sessionVersion: 0 } : null),
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft } = apiWorld();

type THandler = Parameters<typeof call>[0];
let teams: typeof import('@/app/api/v1/teams/route');
let members: typeof import('@/app/api/v1/teams/[id]/members/route');
let member: typeof import('@/app/api/v1/teams/[id]/members/[userId]/route');
let invitations: typeof import('@/app/api/v1/teams/[id]/invitations/route');
let invitation: typeof import('@/app/api/v1/teams/[id]/invitations/[invitationId]/route');
let resend: typeof import('@/app/api/v1/teams/[id]/invitations/[invitationId]/resend/route');
let accept: typeof import('@/app/api/v1/invitations/accept/route');
let teamRoute: typeof import('@/app/api/v1/teams/[id]/route');
let webhooksRoute: typeof import('@/app/api/v1/webhooks/route');
let documentsRoute: typeof import('@/app/api/v1/documents/route');
let documentRoute: typeof import('@/app/api/v1/documents/[id]/route');
let keysRoute: typeof import('@/app/api/v1/api-keys/route');

beforeAll(async () => {
  teams = await import('@/app/api/v1/teams/route');
  members = await import('@/app/api/v1/teams/[id]/members/route');
  member = await import('@/app/api/v1/teams/[id]/members/[userId]/route');
  invitations = await import('@/app/api/v1/teams/[id]/invitations/route');
  invitation = await import('@/app/api/v1/teams/[id]/invitations/[invitationId]/route');
  resend = await import('@/app/api/v1/teams/[id]/invitations/[invitationId]/resend/route');
  accept = await import('@/app/api/v1/invitations/accept/route');
  teamRoute = await import('@/app/api/v1/teams/[id]/route');
  webhooksRoute = await import('@/app/api/v1/webhooks/route');
  documentsRoute = await import('@/app/api/v1/documents/route');
  documentRoute = await import('@/app/api/v1/documents/[id]/route');
  keysRoute = await import('@/app/api/v1/api-keys/route');
});

/** Calls `handler` as the signed-in `userId` (no key), in the workspace `workspace` names when given. */
async function as(
  userId: string,
  handler: THandler,
  method: string,
  path: string,
  options: { body?: unknown; params?: Record<string, string>; workspace?: string } = {},
) {
  session.user = { id: userId };
  try {
    const headers = options.workspace ? { 'x-signet-workspace': options.workspace } : undefined;
    return await call(handler, method, path, { key: null, body: options.body, params: options.params, headers });
  } finally {
    session.user = null;
  }
}

let seq = 0;
const person = async (name: string) => userOnPlan(world.client, { email: `${name}-${++seq}@example.com` }, 'FREE');

async function newTeam(ownerId: string, name = 'Acme') {
  const made = await as(ownerId, teams.POST, 'POST', '/api/v1/teams', { body: { name } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  return String(made.body!.id);
}

async function join(teamId: string, userId: string, role: 'OWNER' | 'ADMIN' | 'MEMBER') {
  await world.client.membership.create({ data: { workspaceId: teamId, userId, role } });
}

/** The link of the newest invitation mail to `email`, read back from the outbox as a mail client would parse it. */
async function invitationLink(email: string): Promise<string> {
  const { listOutbox } = await import('@/lib/server/mail/list-outbox');
  const { readOutboxMail } = await import('@/lib/server/mail/read-outbox-mail');
  const entry = (await listOutbox()).entries.find((mail) => mail.to.includes(email));
  expect(entry, `a mail to ${email}`).toBeDefined();
  const mail = await readOutboxMail(entry!.id);
  const match = /http:\/\/signet\.test\/invite\/([A-Za-z0-9_-]{43})/.exec(mail.text ?? '');
  expect(match, mail.text ?? '').not.toBeNull();
  return match![1]!;
}

const memberPath = (teamId: string, userId: string) => ({
  path: `/api/v1/teams/${teamId}/members/${userId}`,
  params: { id: teamId, userId },
});

describe('teams', () => {
  it('a user makes a team and is its owner; a personal workspace is no team (404)', async () => {
    const ana = await person('ana');
    const teamId = await newTeam(ana.id, 'Acme Ltd');
    const listed = await as(ana.id, members.GET, 'GET', `/api/v1/teams/${teamId}/members`, { params: { id: teamId } });
    expect(ZMemberList.parse(listed.body).items).toEqual([
      expect.objectContaining({ userId: ana.id, email: ana.email, role: 'owner' }),
    ]);
    const personal = await as(ana.id, members.GET, 'GET', `/api/v1/teams/${ana.id}/members`, {
      params: { id: ana.id },
    });
    expect(personal.status).toBe(404);
    const bad = await as(ana.id, teams.POST, 'POST', '/api/v1/teams', { body: { name: 'Two\nlines' } });
    expect(bad.status).toBe(400);
  });

  it("lists teams for the administrators' page with their owners, members and documents", async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    const teamId = await newTeam(ana.id, 'Listed Ltd');
    await join(teamId, bo.id, 'MEMBER');
    await draft(undefined, bo.id, teamId);
    const { listTeams } = await import('@/lib/server/workspaces/list-teams');
    const listed = (await listTeams()).find((team) => team.id === teamId);
    expect(listed).toMatchObject({ name: 'Listed Ltd', plan: 'FREE', owners: [ana.email], members: 2, documents: 1 });
    expect((await listTeams()).map((team) => team.id)).not.toContain(ana.id);
  });

  it('an invitation is mailed, accepted once by the invited address only, and makes a member', async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    const eve = await person('eve');
    const teamId = await newTeam(ana.id);
    const sent = await as(ana.id, invitations.POST, 'POST', `/api/v1/teams/${teamId}/invitations`, {
      params: { id: teamId },
      body: { email: bo.email.toUpperCase(), role: 'admin' },
    });
    expect(sent.status, JSON.stringify(sent.body)).toBe(201);
    expect(ZTeamInvitation.parse(sent.body)).toMatchObject({ email: bo.email, role: 'admin' });
    const token = await invitationLink(bo.email);
    // The database keeps only the hash of the link's secret.
    expect(JSON.stringify(await world.client.invitation.findMany())).not.toContain(token);

    const pending = await as(ana.id, invitations.GET, 'GET', `/api/v1/teams/${teamId}/invitations`, {
      params: { id: teamId },
    });
    expect(ZTeamInvitationList.parse(pending.body).items).toEqual([
      expect.objectContaining({ email: bo.email, invitedBy: expect.objectContaining({ userId: ana.id }) }),
    ]);
    const again = await as(ana.id, invitations.POST, 'POST', `/api/v1/teams/${teamId}/invitations`, {
      params: { id: teamId },
      body: { email: bo.email },
    });
    expect(again.status).toBe(409);

    const wrong = await as(eve.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token } });
    expect(wrong.status).toBe(403);
    expect(wrong.body).toMatchObject({ reason: 'OTHER_ADDRESS' });
    const joined = await as(bo.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token } });
    expect(joined.status, JSON.stringify(joined.body)).toBe(200);
    expect(joined.body).toMatchObject({ id: teamId, kind: 'team', role: 'admin' });
    const twice = await as(bo.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token } });
    expect(twice.status).toBe(410);
    const unknown = await as(bo.id, accept.POST, 'POST', '/api/v1/invitations/accept', {
      body: { token: 'A'.repeat(43) },
    });
    expect(unknown.status).toBe(404);
    const afterwards = await as(bo.id, invitations.GET, 'GET', `/api/v1/teams/${teamId}/invitations`, {
      params: { id: teamId },
    });
    expect(ZTeamInvitationList.parse(afterwards.body).items).toEqual([]);
    // An API key cannot accept for anyone.
    const byKey = await call(accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token } });
    expect(byKey.status).toBe(403);
  });

  it('revoked, resent and expired links stop working; a member cannot invite, an admin cannot invite an owner', async () => {
    const ana = await person('ana');
    const adm = await person('adm');
    const mem = await person('mem');
    const cy = await person('cy');
    const teamId = await newTeam(ana.id);
    await join(teamId, adm.id, 'ADMIN');
    await join(teamId, mem.id, 'MEMBER');
    const path = `/api/v1/teams/${teamId}/invitations`;
    const invite = (userId: string, body: unknown) =>
      as(userId, invitations.POST, 'POST', path, { params: { id: teamId }, body });
    expect((await invite(mem.id, { email: cy.email })).status).toBe(403);
    expect((await invite(adm.id, { email: cy.email, role: 'owner' })).status).toBe(403);

    const made = await invite(adm.id, { email: cy.email });
    expect(made.status).toBe(201);
    const first = await invitationLink(cy.email);
    const id = String(made.body!.id);
    const resent = await as(adm.id, resend.POST, 'POST', `${path}/${id}/resend`, {
      params: { id: teamId, invitationId: id },
    });
    expect(resent.status).toBe(200);
    const second = await invitationLink(cy.email);
    expect(second).not.toBe(first);
    expect(
      (await as(cy.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token: first } })).status,
    ).toBe(404);
    const revoked = await as(adm.id, invitation.DELETE, 'DELETE', `${path}/${id}`, {
      params: { id: teamId, invitationId: id },
    });
    expect(revoked.status).toBe(204);
    expect(
      (await as(cy.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token: second } })).status,
    ).toBe(410);

    const late = await invite(adm.id, { email: cy.email });
    const third = await invitationLink(cy.email);
    await world.client.invitation.update({ where: { id: String(late.body!.id) }, data: { expiresAt: new Date(0) } });
    const expired = await as(cy.id, accept.POST, 'POST', '/api/v1/invitations/accept', { body: { token: third } });
    expect(expired.status).toBe(410);
    expect(String(expired.body!.detail)).toMatch(/expired/);
  });
});

describe('deleting a team', () => {
  it('is an owner’s: refused while a document is out for signature, then everything goes and members are out', async () => {
    const ana = await person('ana');
    const adm = await person('adm');
    const teamId = await newTeam(ana.id, 'Short-lived');
    await join(teamId, adm.id, 'ADMIN');
    const kept = await draft(undefined, adm.id, teamId);
    const out = await draft(undefined, ana.id, teamId);
    await world.client.document.update({ where: { id: out.id }, data: { status: 'PENDING' } });
    const remove = (userId: string) =>
      as(userId, teamRoute.DELETE, 'DELETE', `/api/v1/teams/${teamId}`, { params: { id: teamId } });
    expect((await remove(adm.id)).body).toMatchObject({ code: 'FORBIDDEN', role: 'owner' });
    expect((await remove(ana.id)).body).toMatchObject({ code: 'CONFLICT', reason: 'DOCUMENTS_PENDING', pending: 1 });
    await world.client.document.update({ where: { id: out.id }, data: { status: 'CANCELLED' } });

    expect((await remove(ana.id)).status).toBe(204);
    expect(await world.client.workspace.findUnique({ where: { id: teamId } })).toBeNull();
    expect(await world.client.document.count({ where: { id: { in: [kept.id, out.id] } } })).toBe(0);
    expect(await world.client.membership.count({ where: { workspaceId: teamId } })).toBe(0);
    const { getBlobStore } = await import('@/lib/server/storage/get-blob-store');
    await expect(getBlobStore().get(kept.originalBlob)).rejects.toThrow();
    const after = await as(adm.id, documentsRoute.GET, 'GET', '/api/v1/documents', { workspace: teamId });
    expect(after.status).toBe(404);
  });
});

describe('roles', () => {
  it('members work on documents; keys, webhooks and members are for admins; the owner role for owners', async () => {
    const ana = await person('ana');
    const adm = await person('adm');
    const mem = await person('mem');
    const teamId = await newTeam(ana.id);
    await join(teamId, adm.id, 'ADMIN');
    await join(teamId, mem.id, 'MEMBER');
    const inTeam = { workspace: teamId };
    expect((await as(mem.id, documentsRoute.GET, 'GET', '/api/v1/documents', inTeam)).status).toBe(200);
    const hook = { url: 'https://hooks.example.com/roles', events: ['document.sent'] };
    const refused = await as(mem.id, webhooksRoute.POST, 'POST', '/api/v1/webhooks', { ...inTeam, body: hook });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'FORBIDDEN', role: 'admin' });
    expect((await as(mem.id, keysRoute.GET, 'GET', '/api/v1/api-keys', inTeam)).status).toBe(403);
    expect((await as(adm.id, webhooksRoute.POST, 'POST', '/api/v1/webhooks', { ...inTeam, body: hook })).status).toBe(
      201,
    );
    expect((await as(adm.id, keysRoute.GET, 'GET', '/api/v1/api-keys', inTeam)).status).toBe(200);

    const promote = (actor: string, target: string, role: string) =>
      as(actor, member.PATCH, 'PATCH', memberPath(teamId, target).path, {
        params: memberPath(teamId, target).params,
        body: { role },
      });
    expect((await promote(mem.id, mem.id, 'admin')).status).toBe(403);
    expect((await promote(adm.id, mem.id, 'owner')).status).toBe(403);
    expect((await promote(adm.id, ana.id, 'member')).status).toBe(403);
    const made = await promote(adm.id, mem.id, 'admin');
    expect(made.status).toBe(200);
    expect(made.body).toMatchObject({ userId: mem.id, role: 'admin' });
    expect((await promote(ana.id, mem.id, 'owner')).body).toMatchObject({ role: 'owner' });
  });

  it('the last owner can neither step down nor leave (409); with a second owner both can', async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    const teamId = await newTeam(ana.id);
    await join(teamId, bo.id, 'MEMBER');
    const demote = await as(ana.id, member.PATCH, 'PATCH', memberPath(teamId, ana.id).path, {
      params: memberPath(teamId, ana.id).params,
      body: { role: 'admin' },
    });
    expect(demote.status).toBe(409);
    expect(demote.body).toMatchObject({ reason: 'LAST_OWNER' });
    const leave = await as(ana.id, member.DELETE, 'DELETE', memberPath(teamId, ana.id).path, {
      params: memberPath(teamId, ana.id).params,
    });
    expect(leave.status).toBe(409);
    expect(await world.client.membership.count({ where: { workspaceId: teamId } })).toBe(2);

    await world.client.membership.update({
      where: { workspaceId_userId: { workspaceId: teamId, userId: bo.id } },
      data: { role: 'OWNER' },
    });
    const left = await as(ana.id, member.DELETE, 'DELETE', memberPath(teamId, ana.id).path, {
      params: memberPath(teamId, ana.id).params,
    });
    expect(left.status).toBe(204);
  });
});

describe("a team's documents", () => {
  it('are listed for every member, each naming who made it; the details name them too', async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    await world.client.user.update({ where: { id: bo.id }, data: { name: 'Bo Novak' } });
    const teamId = await newTeam(ana.id);
    await join(teamId, bo.id, 'MEMBER');
    const byAna = await draft(undefined, ana.id, teamId);
    const byBo = await draft(undefined, bo.id, teamId);
    const listed = await as(ana.id, documentsRoute.GET, 'GET', '/api/v1/documents', { workspace: teamId });
    expect(listed.status).toBe(200);
    const items = ZDocumentList.parse(listed.body).items;
    expect(items.map(({ id, owner }) => ({ id, owner }))).toEqual([
      { id: byBo.id, owner: { name: 'Bo Novak', email: bo.email } },
      { id: byAna.id, owner: { name: null, email: ana.email } },
    ]);
    const details = await as(bo.id, documentRoute.GET, 'GET', `/api/v1/documents/${byAna.id}`, {
      workspace: teamId,
      params: { id: byAna.id },
    });
    expect(ZDocumentDetails.parse(details.body).owner).toEqual({ name: null, email: ana.email });
  });
});

describe('invitations and the rights behind them', () => {
  it("a demoted sender's invitations they can no longer grant are withdrawn; an expired one resent meets the bounds", async () => {
    const ana = await person('ana');
    const adm = await person('adm');
    const teamId = await newTeam(ana.id);
    await join(teamId, adm.id, 'OWNER');
    const { inviteMember } = await import('@/lib/server/teams/invite-member');
    const byAdm = (email: string, role: 'owner' | 'member') =>
      inviteMember({ userId: adm.id, workspaceId: teamId, actor: adm.id }, { email, role });
    const asOwner = await byAdm(`o-${seq}@example.com`, 'owner');
    const asMember = await byAdm(`m-${seq}@example.com`, 'member');
    const demote = (role: string) =>
      as(ana.id, member.PATCH, 'PATCH', memberPath(teamId, adm.id).path, {
        params: memberPath(teamId, adm.id).params,
        body: { role },
      });
    expect((await demote('admin')).status).toBe(200);
    const revoked = async (id: string) =>
      (await world.client.invitation.findUniqueOrThrow({ where: { id } })).revokedAt !== null;
    expect(await revoked(asOwner.id)).toBe(true);
    expect(await revoked(asMember.id)).toBe(false);
    expect((await demote('member')).status).toBe(200);
    expect(await revoked(asMember.id)).toBe(true);

    // An expired invitation resent while a newer one to the same address is pending: 409, not two live links.
    const { inviteMember: invite } = await import('@/lib/server/teams/invite-member');
    const byAna = (email: string) =>
      invite({ userId: ana.id, workspaceId: teamId, actor: ana.id }, { email, role: 'member' });
    const old = await byAna(`x-${seq}@example.com`);
    await world.client.invitation.update({ where: { id: old.id }, data: { expiresAt: new Date(0) } });
    await byAna(`x-${seq}@example.com`);
    const resent = await as(ana.id, resend.POST, 'POST', `/api/v1/teams/${teamId}/invitations/${old.id}/resend`, {
      params: { id: teamId, invitationId: old.id },
    });
    expect(resent.status).toBe(409);
  });

  it('mails at most so many invitations per team an hour (429), counting resends', async () => {
    const ana = await person('ana');
    const teamId = await newTeam(ana.id);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const answer = await as(ana.id, invitations.POST, 'POST', `/api/v1/teams/${teamId}/invitations`, {
        params: { id: teamId },
        body: { email: `many-${i}-${seq}@example.com` },
      });
      statuses.push(answer.status);
    }
    expect(statuses.slice(0, 30).every((status) => status === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('leaving and removal', () => {
  it("ends access at once; the removed member's documents pass to the owner with an audit event, their keys end", async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    const teamId = await newTeam(ana.id);
    await join(teamId, bo.id, 'MEMBER');
    const document = await draft(undefined, bo.id, teamId);
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const key = (await createApiKey(bo.id, 'bo in the team', { workspaceId: teamId })).secret;
    expect((await call(documentsRoute.GET, 'GET', '/api/v1/documents', { key })).status).toBe(200);

    await world.client.membership.update({
      where: { workspaceId_userId: { workspaceId: teamId, userId: bo.id } },
      data: { role: 'ADMIN' },
    });
    const { createWebhook } = await import('@/lib/server/webhooks/create-webhook');
    const hook = await createWebhook(
      { userId: bo.id, workspaceId: teamId },
      { url: 'https://hooks.example.com/bo', events: ['document.sent'] },
    );
    const { inviteMember } = await import('@/lib/server/teams/invite-member');
    const sentByBo = await inviteMember(
      { userId: bo.id, workspaceId: teamId, actor: bo.id },
      { email: `friend-${seq}@example.com`, role: 'member' },
    );

    const removed = await as(ana.id, member.DELETE, 'DELETE', memberPath(teamId, bo.id).path, {
      params: memberPath(teamId, bo.id).params,
    });
    expect(removed.status).toBe(204);
    // What would let them keep reaching the team ends with them: their webhook (now the owner's) is off, their
    // invitation withdrawn.
    expect(await world.client.webhook.findUnique({ where: { id: hook.id } })).toMatchObject({
      ownerId: ana.id,
      active: false,
    });
    expect((await world.client.invitation.findUnique({ where: { id: sentByBo.id } }))?.revokedAt).not.toBeNull();
    const next = await as(bo.id, documentsRoute.GET, 'GET', '/api/v1/documents', { workspace: teamId });
    expect(next.status).toBe(404);
    expect(JSON.stringify(next.body)).not.toContain('Acme');
    expect((await call(documentsRoute.GET, 'GET', '/api/v1/documents', { key })).status).toBe(401);

    const after = await world.client.document.findUniqueOrThrow({ where: { id: document.id } });
    expect(after).toMatchObject({ ownerId: ana.id, workspaceId: teamId });
    const { readAuditTrail } = await import('@/lib/server/audit/read-audit-trail');
    const trail = await readAuditTrail(document.id, teamId);
    expect(trail.events.at(-1)).toMatchObject({
      type: 'document.owner_changed',
      actor: ana.id,
      data: { from: bo.id, to: ana.id, reason: 'removed' },
    });
    expect(trail.chainValid).toBe(true);
  });

  it('a request that began before its caller was removed stores nothing in the team: no document, no webhook', async () => {
    const ana = await person('ana');
    const bo = await person('bo');
    const teamId = await newTeam(ana.id);
    const { createDocumentFromUpload } = await import('@/lib/server/documents/upload/create-document-from-upload');
    const { createWebhook } = await import('@/lib/server/webhooks/create-webhook');
    const { makeSizedPdf } = await import('./helpers');
    const pdf = await makeSizedPdf([[612, 792]]);
    // Bo was never (or is no longer) a member: the commit finds no membership under the team's lock.
    const upload = createDocumentFromUpload({
      owner: { id: bo.id, email: bo.email, workspaceId: teamId, plan: 'PRO' },
      fileName: 'Late.pdf',
      data: (async function* () {
        yield pdf;
      })(),
    });
    await expect(upload).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(await world.client.document.count({ where: { workspaceId: teamId } })).toBe(0);
    await join(teamId, bo.id, 'MEMBER');
    await expect(
      createWebhook(
        { userId: bo.id, workspaceId: teamId },
        { url: 'https://hooks.example.com/late', events: ['document.sent'] },
      ),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' });
    expect(await world.client.webhook.count({ where: { workspaceId: teamId } })).toBe(0);
  });

  it('deleting an account hands its team work over, refuses a last owner, and takes a team with nobody else', async () => {
    const { deleteUser } = await import('@/lib/server/users/delete-user');
    const admin = await person('admin');
    const ana = await person('ana');
    const bo = await person('bo');
    const shared = await newTeam(ana.id, 'Shared');
    await join(shared, bo.id, 'MEMBER');
    const solo = await newTeam(bo.id, 'Solo');
    const teamDocument = await draft(undefined, bo.id, shared);
    const soloDocument = await draft(undefined, bo.id, solo);

    await expect(deleteUser({ actorId: admin.id, userId: ana.id })).rejects.toMatchObject({ code: 'CONFLICT' });
    expect(await world.client.user.count({ where: { id: ana.id } })).toBe(1);

    await deleteUser({ actorId: admin.id, userId: bo.id });
    expect(await world.client.document.findUnique({ where: { id: teamDocument.id } })).toMatchObject({
      ownerId: ana.id,
    });
    expect(await world.client.document.findUnique({ where: { id: soloDocument.id } })).toBeNull();
    expect(await world.client.workspace.findUnique({ where: { id: solo } })).toBeNull();
    expect(await world.client.workspace.findUnique({ where: { id: shared } })).not.toBeNull();
  });
});
