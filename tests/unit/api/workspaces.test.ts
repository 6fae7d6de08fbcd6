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

const { world, call } = apiWorld();

let meRoute: typeof import('@/app/api/v1/me/route');
let workspacesRoute: typeof import('@/app/api/v1/workspaces/route');
let documentsRoute: typeof import('@/app/api/v1/documents/route');

beforeAll(async () => {
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
