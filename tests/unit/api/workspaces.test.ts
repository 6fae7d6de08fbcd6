import { beforeAll, describe, expect, it, vi } from 'vitest';
import { API_SCOPES } from '@/lib/api/v1/api-keys';
import { ZMe, ZWorkspaceList } from '@/lib/api/v1/workspaces';
import { apiWorld } from './helpers';

// The signed-in owner when `session.user` is set (next-auth mocked; its cookie path is tested in tests/unit/auth).
const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (session.user ? { user: session.user, sessionVersion: 0 } : null),
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft } = apiWorld();

let meRoute: typeof import('@/app/api/v1/me/route');
let workspacesRoute: typeof import('@/app/api/v1/workspaces/route');
let documentsRoute: typeof import('@/app/api/v1/documents/route');
let documentRoute: typeof import('@/app/api/v1/documents/[id]/route');
let webhooksRoute: typeof import('@/app/api/v1/webhooks/route');
let webhookRoute: typeof import('@/app/api/v1/webhooks/[id]/route');
let keyRoute: typeof import('@/app/api/v1/api-keys/[id]/route');

beforeAll(async () => {
  documentRoute = await import('@/app/api/v1/documents/[id]/route');
  webhooksRoute = await import('@/app/api/v1/webhooks/route');
  webhookRoute = await import('@/app/api/v1/webhooks/[id]/route');
  keyRoute = await import('@/app/api/v1/api-keys/[id]/route');
  meRoute = await import('@/app/api/v1/me/route');
  workspacesRoute = await import('@/app/api/v1/workspaces/route');
  documentsRoute = await import('@/app/api/v1/documents/route');
});

async function asOwner<T>(work: () => Promise<T>): Promise<T> {
  session.user = { id: world.owner.id };
  try {
    return await work();
  } finally {
    session.user = null;
  }
}

/** A team with the owner in it as `role` (teams are made directly here; their own API comes with them). */
async function team(name: string, role: 'OWNER' | 'ADMIN' | 'MEMBER' | null) {
  const workspace = await world.client.workspace.create({ data: { name, kind: 'TEAM' } });
  if (role) await world.client.membership.create({ data: { workspaceId: workspace.id, userId: world.owner.id, role } });
  return workspace;
}

/** A key of the owner's made in `workspaceId`. */
async function keyIn(workspaceId: string) {
  const { newApiKeySecret } = await import('@/lib/server/api-keys/api-key-secret');
  const { secret, prefix, hash } = newApiKeySecret();
  await world.client.apiKey.create({
    data: { ownerId: world.owner.id, workspaceId, name: 'team key', prefix, hash, scopes: 'documents:read' },
  });
  return secret;
}

describe('GET /api/v1/me', () => {
  it('names the user, the personal workspace with its plan, and the key that authenticated', async () => {
    const answer = await call(meRoute.GET, 'GET', '/api/v1/me');
    expect(answer.status).toBe(200);
    expect(ZMe.parse(answer.body)).toEqual({
      user: { id: world.owner.id, email: 'owner@example.com', name: null },
      workspace: { id: world.owner.id, name: 'owner@example.com', kind: 'personal', role: 'owner', plan: 'pro' },
      key: { id: expect.any(String), name: 'test', scopes: [...API_SCOPES] },
    });
  });

  it('answers a session without a key, in the workspace X-Signet-Workspace names when the user belongs to it', async () => {
    const acme = await team('Acme', 'ADMIN');
    const personal = await asOwner(() => call(meRoute.GET, 'GET', '/api/v1/me', { key: null }));
    expect(personal.body).toMatchObject({ workspace: { id: world.owner.id, kind: 'personal' } });
    expect(personal.body).not.toHaveProperty('key');
    const named = await asOwner(() =>
      call(meRoute.GET, 'GET', '/api/v1/me', { key: null, headers: { 'x-signet-workspace': acme.id } }),
    );
    expect(named.body).toMatchObject({ workspace: { id: acme.id, name: 'Acme', kind: 'team', role: 'admin' } });
  });

  it('a session without the header acts in the workspace its cookie names, or the personal one once that is stale', async () => {
    const crew = await team('Cookie crew', 'MEMBER');
    const me = (headers: Record<string, string>) =>
      asOwner(() => call(meRoute.GET, 'GET', '/api/v1/me', { key: null, headers }));
    expect((await me({ cookie: `signet-workspace=${crew.id}` })).body).toMatchObject({ workspace: { id: crew.id } });
    // The header wins over the cookie.
    expect(
      (await me({ cookie: `signet-workspace=${crew.id}`, 'x-signet-workspace': world.owner.id })).body,
    ).toMatchObject({ workspace: { id: world.owner.id } });
    await world.client.membership.delete({
      where: { workspaceId_userId: { workspaceId: crew.id, userId: world.owner.id } },
    });
    expect((await me({ cookie: `signet-workspace=${crew.id}` })).body).toMatchObject({
      workspace: { id: world.owner.id, kind: 'personal' },
    });
  });

  it("answers 404, naming nothing, for a workspace the caller is not in: another user's, a team left, an unknown id", async () => {
    const elsewhere = await team('Elsewhere', null);
    const other = await world.client.user.findUniqueOrThrow({ where: { email: 'other@example.com' } });
    for (const id of [elsewhere.id, other.id, 'no-such-workspace']) {
      const refused = await asOwner(() =>
        call(documentsRoute.GET, 'GET', '/api/v1/documents', { key: null, headers: { 'x-signet-workspace': id } }),
      );
      expect(refused.status, id).toBe(404);
      expect(JSON.stringify(refused.body)).not.toContain('Elsewhere');
      expect(JSON.stringify(refused.body)).not.toContain('other@example.com');
    }
  });
});

describe('API keys act in their own workspace', () => {
  it('a team key acts in the team; naming another workspace is 404; once its maker leaves the team it is 401', async () => {
    const acme = await team('Acme keys', 'MEMBER');
    const key = await keyIn(acme.id);
    const me = await call(meRoute.GET, 'GET', '/api/v1/me', { key });
    expect(me.body).toMatchObject({ workspace: { id: acme.id, kind: 'team', role: 'member' } });
    const elsewhere = await call(meRoute.GET, 'GET', '/api/v1/me', {
      key,
      headers: { 'x-signet-workspace': world.owner.id },
    });
    expect(elsewhere.status).toBe(404);
    // The personal key naming its own workspace is fine.
    const own = await call(meRoute.GET, 'GET', '/api/v1/me', { headers: { 'x-signet-workspace': world.owner.id } });
    expect(own.status).toBe(200);

    await world.client.membership.delete({
      where: { workspaceId_userId: { workspaceId: acme.id, userId: world.owner.id } },
    });
    const gone = await call(documentsRoute.GET, 'GET', '/api/v1/documents', { key });
    expect(gone.status).toBe(401);
    expect(gone.body).toMatchObject({ code: 'UNAUTHORIZED' });
  });
});

describe('GET /api/v1/workspaces', () => {
  it("lists the caller's workspaces, personal first, then teams by name, with the role in each", async () => {
    const answer = await call(workspacesRoute.GET, 'GET', '/api/v1/workspaces');
    expect(answer.status).toBe(200);
    const { items } = ZWorkspaceList.parse(answer.body);
    expect(items[0]).toEqual({ id: world.owner.id, name: 'owner@example.com', kind: 'personal', role: 'owner' });
    const teams = items.slice(1);
    expect(teams.every((item) => item.kind === 'team')).toBe(true);
    expect(teams.map((item) => item.name)).toEqual([...teams.map((item) => item.name)].sort());
    expect(teams.map((item) => item.name)).toContain('Acme');
    expect(teams.map((item) => item.name)).not.toContain('Elsewhere');
    expect(teams.find((item) => item.name === 'Acme')?.role).toBe('admin');
  });
});

describe('documents and webhooks follow the workspace', () => {
  it("a team's document is reached in the team, by any member, and nowhere else", async () => {
    const other = await world.client.user.findUniqueOrThrow({ where: { email: 'other@example.com' } });
    const crew = await team('Crew', 'MEMBER');
    await world.client.membership.create({ data: { workspaceId: crew.id, userId: other.id, role: 'OWNER' } });
    // Made by the other member, in the team.
    const shared = await draft(undefined, other.id, crew.id);
    const inCrew = { 'x-signet-workspace': crew.id };

    const listed = await asOwner(() =>
      call(documentsRoute.GET, 'GET', '/api/v1/documents', { key: null, headers: inCrew }),
    );
    expect((listed.body as { items: { id: string }[] }).items.map((item) => item.id)).toEqual([shared.id]);
    const read = (headers: Record<string, string>, key: string | null = null) =>
      asOwner(() =>
        call(documentRoute.GET, 'GET', `/api/v1/documents/${shared.id}`, { key, headers, params: { id: shared.id } }),
      );
    expect((await read(inCrew)).status).toBe(200);
    // Not from the personal workspace, nor with the personal key: the same 404 as an unknown id.
    expect((await read({})).status).toBe(404);
    expect((await read({}, world.key)).status).toBe(404);
    const personal = await asOwner(() => call(documentsRoute.GET, 'GET', '/api/v1/documents', { key: null }));
    expect((personal.body as { items: { id: string }[] }).items.map((item) => item.id)).not.toContain(shared.id);

    // The page finds it for any member, whichever workspace is open; for nobody else.
    const { findOwnedDocumentByToken } = await import('@/lib/server/documents/find-owned-document-by-token');
    expect(await findOwnedDocumentByToken(shared.token, world.owner.id)).toMatchObject({ id: shared.id });
    await world.client.membership.delete({
      where: { workspaceId_userId: { workspaceId: crew.id, userId: world.owner.id } },
    });
    expect(await findOwnedDocumentByToken(shared.token, world.owner.id)).toBeNull();
    expect((await read(inCrew)).status).toBe(404);
  });

  it("a webhook belongs to the workspace it was made in and hears that workspace's documents only", async () => {
    const hooks = await team('Hooks', 'ADMIN');
    const inHooks = { 'x-signet-workspace': hooks.id };
    const made = await asOwner(() =>
      call(webhooksRoute.POST, 'POST', '/api/v1/webhooks', {
        key: null,
        headers: inHooks,
        body: { url: 'https://hooks.example.com/team', events: ['document.sent'] },
      }),
    );
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const ids = async (headers: Record<string, string>) =>
      (
        (await asOwner(() => call(webhooksRoute.GET, 'GET', '/api/v1/webhooks', { key: null, headers }))).body as {
          items: { id: string }[];
        }
      ).items.map((item) => item.id);
    expect(await ids(inHooks)).toEqual([made.body!.id]);
    expect(await ids({})).not.toContain(made.body!.id);

    const { appendAuditEvent } = await import('@/lib/server/audit/append-audit-event');
    const teamDocument = await draft(undefined, world.owner.id, hooks.id);
    const personalDocument = await draft();
    for (const document of [teamDocument, personalDocument])
      await world.client.$transaction((tx) =>
        appendAuditEvent(tx, { documentId: document.id, type: 'document.sent', actor: world.owner.id }),
      );
    const deliveries = await world.client.webhookDelivery.findMany({ where: { webhookId: String(made.body!.id) } });
    expect(deliveries).toHaveLength(1);
    expect(deliveries[0]!.payload).toContain(teamDocument.id);
  });

  it("another workspace's key or webhook is 404 to delete, and stays as it was", async () => {
    const vault = await team('Vault', 'OWNER');
    const teamKey = await world.client.apiKey.findFirstOrThrow({
      where: { workspaceId: (await world.client.workspace.findFirstOrThrow({ where: { name: 'Acme keys' } })).id },
    });
    const made = await asOwner(() =>
      call(webhooksRoute.POST, 'POST', '/api/v1/webhooks', {
        key: null,
        headers: { 'x-signet-workspace': vault.id },
        body: { url: 'https://hooks.example.com/vault', events: ['document.sent'] },
      }),
    );
    const hookId = String(made.body!.id);
    // From the personal workspace: neither is there.
    const revoke = await asOwner(() =>
      call(keyRoute.DELETE, 'DELETE', `/api/v1/api-keys/${teamKey.id}`, { key: null, params: { id: teamKey.id } }),
    );
    expect(revoke.status).toBe(404);
    const unhook = await asOwner(() =>
      call(webhookRoute.DELETE, 'DELETE', `/api/v1/webhooks/${hookId}`, { key: null, params: { id: hookId } }),
    );
    expect(unhook.status).toBe(404);
    expect(await world.client.apiKey.findUniqueOrThrow({ where: { id: teamKey.id } })).toMatchObject({
      revokedAt: null,
    });
    expect(await world.client.webhook.count({ where: { id: hookId } })).toBe(1);
    // In their own workspace they go.
    const inVault = { 'x-signet-workspace': vault.id };
    const gone = await asOwner(() =>
      call(webhookRoute.DELETE, 'DELETE', `/api/v1/webhooks/${hookId}`, {
        key: null,
        headers: inVault,
        params: { id: hookId },
      }),
    );
    expect(gone.status).toBe(204);
  });
});
