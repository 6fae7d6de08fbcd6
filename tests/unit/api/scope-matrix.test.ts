// Every owner route × a key with and without the scope it needs. The routes are read from app/api, so a new
// owner route that this table does not cover fails the first test.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { API_SCOPES, type TApiScope } from '@/lib/api/v1/api-keys';
import { openApiDocument } from '@/lib/api/v1/openapi';
import { apiWorld, makeSizedPdf } from './helpers';

// A signed-in session when `session.user` is set (next-auth's auth() is mocked; the cookie path is tested in tests/unit/auth).
const session = vi.hoisted(() => ({ user: null as { id: string } | null }));
vi.mock('@/lib/server/auth/auth', () => ({
  auth: async () => (session.user ? { user: session.user, sessionVersion: 0 } : null),
}));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, draft } = apiWorld();

const apiRoot = path.resolve(import.meta.dirname, '../../../app/api');
type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Every route file under app/api, as its Next path ({id} for [id]), with each method it exports and what makes it. */
function routeFiles() {
  return readdirSync(apiRoot, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('route.ts'))
    .map((file) => {
      const source = readFileSync(path.join(apiRoot, file), 'utf8');
      const exports = [...source.matchAll(/export const (GET|POST|PUT|PATCH|DELETE) = (\w+)/g)].map((match) => ({
        method: match[1] as TMethod,
        maker: match[2],
      }));
      return { file, source, path: `/api/${path.dirname(file).replace(/\[(\w+)\]/g, '{$1}')}`, exports };
    });
}

type TCall = { params?: Record<string, string>; body?: unknown };
type TCase = {
  access: TApiScope | 'session' | 'any';
  /** A team route (`/teams/{id}`): called in the owner's team, with keys made in it. */
  team?: true;
  status: number;
  module: () => Promise<Record<string, unknown>>;
  request: () => Promise<TCall>;
};

const aPdf = async () => Buffer.from(await makeSizedPdf([[612, 792]])).toString('base64');
const draftId = async () => ({ id: (await draft()).id });

async function draftRecipient(): Promise<TCall> {
  const document = await draft();
  const recipient = await world.client.recipient.create({
    data: { documentId: document.id, email: 'bo@example.com', name: 'Bo' },
  });
  return { params: { id: document.id, recipientId: recipient.id } };
}

async function aWebhook(): Promise<string> {
  const { createWebhook } = await import('@/lib/server/webhooks/create-webhook');
  return (
    await createWebhook(
      { userId: world.owner.id, workspaceId: world.owner.id },
      { url: 'https://hooks.example.com/to-delete', events: ['document.sent'] },
    )
  ).id;
}

/** The owner's team for the team routes, made once (the owner as its owner). */
let ownTeam: string | null = null;
async function teamId(): Promise<string> {
  if (!ownTeam) {
    const { createTeam } = await import('@/lib/server/teams/create-team');
    ownTeam = (await createTeam(world.owner.id, 'Scoped team')).id;
  }
  return ownTeam;
}

async function aTeamMember(): Promise<TCall> {
  const id = await teamId();
  const user = await world.client.user.create({ data: { email: `member-${randomUUID()}@example.com` } });
  await world.client.membership.create({ data: { workspaceId: id, userId: user.id, role: 'MEMBER' } });
  return { params: { id, userId: user.id } };
}

async function aTeamInvitation(): Promise<TCall> {
  const id = await teamId();
  const { inviteMember } = await import('@/lib/server/teams/invite-member');
  const made = await inviteMember(
    { userId: world.owner.id, workspaceId: id, actor: world.owner.id },
    { email: `invited-${randomUUID()}@example.com`, role: 'member' },
  );
  return { params: { id, invitationId: made.id } };
}

async function aKeyId(): Promise<string> {
  const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
  return (await createApiKey(world.owner.id, 'to revoke', { scopes: ['documents:read'] })).id;
}

/**
 * The access each owner route declares and its normal answer to a well-formed request (fresh fixtures per call):
 * success where one request suffices, otherwise the answer its own checks give a draft (409: not out for signature;
 * 400: nobody to send to).
 */
const CASES: Record<string, TCase> = {
  'GET /api/v1/me': {
    access: 'any',
    status: 200,
    module: () => import('@/app/api/v1/me/route'),
    request: async () => ({}),
  },
  'GET /api/v1/workspaces': {
    access: 'any',
    status: 200,
    module: () => import('@/app/api/v1/workspaces/route'),
    request: async () => ({}),
  },
  'GET /api/v1/documents': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/documents/route'),
    request: async () => ({}),
  },
  'POST /api/v1/documents': {
    access: 'documents:write',
    status: 201,
    module: () => import('@/app/api/v1/documents/route'),
    request: async () => ({ body: { name: 'Scoped.pdf', content: await aPdf() } }),
  },
  'GET /api/v1/usage': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/usage/route'),
    request: async () => ({}),
  },
  'GET /api/v1/documents/{id}': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/route'),
    request: async () => ({ params: await draftId() }),
  },
  'PATCH /api/v1/documents/{id}': {
    access: 'documents:write',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/route'),
    request: async () => ({ params: await draftId(), body: { name: 'Renamed' } }),
  },
  'DELETE /api/v1/documents/{id}': {
    access: 'documents:write',
    status: 204,
    module: () => import('@/app/api/v1/documents/[id]/route'),
    request: async () => ({ params: await draftId() }),
  },
  'GET /api/v1/documents/{id}/audit': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/audit/route'),
    request: async () => ({ params: await draftId() }),
  },
  'POST /api/v1/documents/{id}/cancel': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/cancel/route'),
    request: async () => ({ params: await draftId(), body: { reason: 'Superseded' } }),
  },
  'POST /api/v1/documents/{id}/correction': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/correction/route'),
    request: async () => ({ params: await draftId() }),
  },
  'POST /api/v1/documents/{id}/retry-seal': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/retry-seal/route'),
    request: async () => ({ params: await draftId() }),
  },
  'POST /api/v1/documents/{id}/remind': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/remind/route'),
    request: async () => ({ params: await draftId() }),
  },
  'PUT /api/v1/documents/{id}/fields': {
    access: 'documents:write',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/fields/route'),
    request: async () => ({ params: await draftId(), body: { fields: [] } }),
  },
  'GET /api/v1/documents/{id}/download': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/download/route'),
    request: async () => ({ params: await draftId() }),
  },
  'PUT /api/v1/documents/{id}/recipients': {
    access: 'documents:write',
    status: 200,
    module: () => import('@/app/api/v1/documents/[id]/recipients/route'),
    request: async () => ({
      params: await draftId(),
      body: { recipients: [{ email: 'ana@example.com', name: 'Ana' }] },
    }),
  },
  'POST /api/v1/documents/{id}/recipients/{recipientId}/resend': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/recipients/[recipientId]/resend/route'),
    request: draftRecipient,
  },
  'POST /api/v1/documents/{id}/recipients/{recipientId}/link': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/recipients/[recipientId]/link/route'),
    request: draftRecipient,
  },
  'POST /api/v1/documents/{id}/recipients/{recipientId}/accept-identity': {
    access: 'documents:write',
    status: 409,
    module: () => import('@/app/api/v1/documents/[id]/recipients/[recipientId]/accept-identity/route'),
    request: draftRecipient,
  },
  'POST /api/v1/documents/{id}/send': {
    access: 'documents:write',
    status: 400,
    module: () => import('@/app/api/v1/documents/[id]/send/route'),
    request: async () => ({ params: await draftId(), body: {} }),
  },
  'POST /api/v1/signing-requests': {
    access: 'documents:write',
    status: 201,
    module: () => import('@/app/api/v1/signing-requests/route'),
    request: async () => ({
      body: {
        document: { name: 'Request.pdf', content: await aPdf() },
        signers: [
          {
            email: 'ana@example.com',
            name: 'Ana',
            fields: [{ type: 'signature', page: 1, position: { x: 72, y: 600 } }],
          },
        ],
      },
    }),
  },
  'GET /api/v1/signing-requests/{id}': {
    access: 'documents:read',
    status: 200,
    module: () => import('@/app/api/v1/signing-requests/[id]/route'),
    request: async () => ({ params: await draftId() }),
  },
  'GET /api/v1/webhooks': {
    access: 'webhooks:manage',
    status: 200,
    module: () => import('@/app/api/v1/webhooks/route'),
    request: async () => ({}),
  },
  'POST /api/v1/webhooks': {
    access: 'webhooks:manage',
    status: 201,
    module: () => import('@/app/api/v1/webhooks/route'),
    request: async () => ({ body: { url: 'https://hooks.example.com/scoped', events: ['document.sent'] } }),
  },
  'DELETE /api/v1/webhooks/{id}': {
    access: 'webhooks:manage',
    status: 204,
    module: () => import('@/app/api/v1/webhooks/[id]/route'),
    request: async () => ({ params: { id: await aWebhook() } }),
  },
  'GET /api/v1/api-keys': {
    access: 'session',
    status: 200,
    module: () => import('@/app/api/v1/api-keys/route'),
    request: async () => ({}),
  },
  'POST /api/v1/api-keys': {
    access: 'session',
    status: 201,
    module: () => import('@/app/api/v1/api-keys/route'),
    request: async () => ({ body: { name: 'From a session' } }),
  },
  'DELETE /api/v1/api-keys/{id}': {
    access: 'session',
    status: 204,
    module: () => import('@/app/api/v1/api-keys/[id]/route'),
    request: async () => ({ params: { id: await aKeyId() } }),
  },
  'POST /api/v1/teams': {
    access: 'session',
    status: 201,
    module: () => import('@/app/api/v1/teams/route'),
    request: async () => ({ body: { name: `Team ${randomUUID()}` } }),
  },
  'POST /api/v1/invitations/accept': {
    access: 'session',
    status: 404,
    module: () => import('@/app/api/v1/invitations/accept/route'),
    request: async () => ({ body: { token: 'A'.repeat(43) } }),
  },
  'GET /api/v1/teams/{id}/members': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/members/route'),
    request: async () => ({ params: { id: await teamId() } }),
  },
  'PATCH /api/v1/teams/{id}/members/{userId}': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/members/[userId]/route'),
    request: async () => ({ ...(await aTeamMember()), body: { role: 'admin' } }),
  },
  'DELETE /api/v1/teams/{id}/members/{userId}': {
    access: 'team:manage',
    team: true,
    status: 204,
    module: () => import('@/app/api/v1/teams/[id]/members/[userId]/route'),
    request: aTeamMember,
  },
  'GET /api/v1/teams/{id}/invitations': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/invitations/route'),
    request: async () => ({ params: { id: await teamId() } }),
  },
  'POST /api/v1/teams/{id}/invitations': {
    access: 'team:manage',
    team: true,
    status: 201,
    module: () => import('@/app/api/v1/teams/[id]/invitations/route'),
    request: async () => ({ params: { id: await teamId() }, body: { email: `new-${randomUUID()}@example.com` } }),
  },
  'DELETE /api/v1/teams/{id}/invitations/{invitationId}': {
    access: 'team:manage',
    team: true,
    status: 204,
    module: () => import('@/app/api/v1/teams/[id]/invitations/[invitationId]/route'),
    request: aTeamInvitation,
  },
  'POST /api/v1/teams/{id}/invitations/{invitationId}/resend': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/invitations/[invitationId]/resend/route'),
    request: aTeamInvitation,
  },
  // The matrix's one team stays: a document out for signature in it makes deletion answer 409.
  'DELETE /api/v1/teams/{id}': {
    access: 'team:manage',
    team: true,
    status: 409,
    module: () => import('@/app/api/v1/teams/[id]/route'),
    request: async () => {
      const id = await teamId();
      const pending = await draft(undefined, world.owner.id, id);
      await world.client.document.update({ where: { id: pending.id }, data: { status: 'PENDING' } });
      return { params: { id } };
    },
  },
  'GET /api/v1/teams/{id}/branding': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/branding/route'),
    request: async () => ({ params: { id: await teamId() } }),
  },
  'PUT /api/v1/teams/{id}/branding': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/branding/route'),
    request: async () => ({ params: { id: await teamId() }, body: { color: '#1d4ed8', senderName: 'Scoped' } }),
  },
  // The matrix sends JSON: the logo route's own answer to that is 415 (it takes multipart).
  'PUT /api/v1/teams/{id}/branding/logo': {
    access: 'team:manage',
    team: true,
    status: 415,
    module: () => import('@/app/api/v1/teams/[id]/branding/logo/route'),
    request: async () => ({ params: { id: await teamId() }, body: {} }),
  },
  'DELETE /api/v1/teams/{id}/branding/logo': {
    access: 'team:manage',
    team: true,
    status: 200,
    module: () => import('@/app/api/v1/teams/[id]/branding/logo/route'),
    request: async () => ({ params: { id: await teamId() } }),
  },
};

// Keys are made once per set of scopes and workspace (an owner has at most 20 live keys).
const keys = new Map<string, string>();
async function keyWith(scopes: readonly TApiScope[], workspaceId?: string): Promise<string> {
  const name = `${scopes.join(' ')} ${workspaceId ?? ''}`;
  if (!keys.has(name)) {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    keys.set(name, (await createApiKey(world.owner.id, name, { scopes, workspaceId })).secret);
  }
  return keys.get(name)!;
}

type THandler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** The route's request with its fixtures made now; the returned function sends it with a key or as the signed-in owner. */
async function prepare(name: string) {
  const [method, routePath] = name.split(' ') as [TMethod, string];
  const entry = CASES[name]!;
  const handler = (await entry.module())[method] as THandler;
  const request = await entry.request();
  const url = `http://signet.test${routePath.replace(/\{(\w+)\}/g, (_, param: string) => request.params?.[param] ?? param)}`;
  return async (credential: { key: string } | 'session') => {
    session.user = credential === 'session' ? { id: world.owner.id } : null;
    try {
      const headers = new Headers(credential === 'session' ? {} : { authorization: `Bearer ${credential.key}` });
      if (request.body !== undefined) headers.set('content-type', 'application/json');
      const body = request.body === undefined ? undefined : JSON.stringify(request.body);
      const response = await handler(new Request(url, { method, headers, body }), {
        params: Promise.resolve(request.params ?? {}),
      });
      // A PDF download is its bytes; every other answer (and every refusal) is JSON.
      const json = response.headers.get('content-type')?.includes('json')
        ? ((await response.json()) as Record<string, unknown>)
        : null;
      return { status: response.status, headers: response.headers, body: json };
    } finally {
      session.user = null;
    }
  };
}

const run = async (name: string, credential: { key: string } | 'session') => (await prepare(name))(credential);

/** What a refused call must leave as it was. */
const footprint = () =>
  Promise.all([
    world.client.document.count(),
    world.client.recipient.count(),
    world.client.field.count(),
    world.client.auditEvent.count(),
    world.client.webhook.count(),
    world.client.apiKey.count({ where: { revokedAt: null } }),
    world.client.job.count(),
    world.client.membership.findMany({ orderBy: [{ workspaceId: 'asc' }, { userId: 'asc' }] }),
    world.client.invitation.findMany({ orderBy: { id: 'asc' } }),
  ]);

const scoped = Object.entries(CASES).filter(
  (entry): entry is [string, TCase & { access: TApiScope }] =>
    entry[1].access !== 'session' && entry[1].access !== 'any',
);
const sessionOnly = Object.keys(CASES).filter((name) => CASES[name]!.access === 'session');
const anyCaller = Object.keys(CASES).filter((name) => CASES[name]!.access === 'any');

describe('the scope matrix covers every owner route', () => {
  it('finds each owner route in app/api, and only ownerRoute authenticates owners', () => {
    const files = routeFiles();
    const owned = files.flatMap((file) =>
      file.exports.filter((entry) => entry.maker === 'ownerRoute').map((entry) => `${entry.method} ${file.path}`),
    );
    expect(owned.length).toBeGreaterThan(20);
    expect(owned.sort()).toEqual(Object.keys(CASES).sort());
    // A route that authenticated owners by itself would sidestep the scope check.
    for (const file of files) expect(file.source, file.file).not.toMatch(/requireOwner|authenticateApiKey/);
  });

  it('each route declares the access the table expects, and the OpenAPI document says so with its 403', async () => {
    const document = openApiDocument('https://signet.example');
    for (const [name, entry] of Object.entries(CASES)) {
      const [method, routePath] = name.split(' ') as [TMethod, string];
      expect(((await entry.module())[method] as { access?: string }).access, name).toBe(entry.access);
      const operation = document.paths?.[routePath]?.[method.toLowerCase() as 'get'];
      if (entry.access === 'any') {
        expect(operation?.security, name).toEqual([{ apiKey: [] }]);
        continue;
      }
      expect(operation?.responses?.['403'], name).toBeDefined();
      if (entry.access !== 'session') {
        expect(operation?.security, name).toEqual([{ apiKey: [entry.access] }]);
        expect(JSON.stringify(operation?.responses?.['403']), name).toContain('MissingScopeProblem');
      }
    }
  });
});

describe.each(scoped)('%s', (name, entry) => {
  it(`answers 403 MISSING_SCOPE naming ${entry.access} to a key with every other scope, changing nothing`, async () => {
    const key = await keyWith(
      API_SCOPES.filter((scope) => scope !== entry.access),
      entry.team ? await teamId() : undefined,
    );
    const send = await prepare(name);
    const before = await footprint();
    const answer = await send({ key });
    expect(answer.status, JSON.stringify(answer.body)).toBe(403);
    expect(answer.headers.get('content-type')).toBe('application/problem+json');
    expect(answer.body).toMatchObject({
      code: 'MISSING_SCOPE',
      scope: entry.access,
      detail: expect.stringContaining(`"${entry.access}"`),
    });
    expect(await footprint()).toEqual(before);
  });

  it(`gives its normal answer (${entry.status}) to a key with only ${entry.access}, and to a session`, async () => {
    const answer = await run(name, { key: await keyWith([entry.access], entry.team ? await teamId() : undefined) });
    expect(answer.status, JSON.stringify(answer.body)).toBe(entry.status);
    expect((await run(name, 'session')).status).toBe(entry.status);
  });
});

describe.each(sessionOnly)('%s (session only)', (name) => {
  it('refuses a key that has every scope with 403 FORBIDDEN, and gives a session its normal answer', async () => {
    const refused = await run(name, { key: await keyWith(API_SCOPES) });
    expect(refused.status).toBe(403);
    expect(refused.body?.code).toBe('FORBIDDEN');
    expect((await run(name, 'session')).status).toBe(CASES[name]!.status);
  });
});

describe.each(anyCaller)('%s (any caller)', (name) => {
  it('gives its normal answer to a key with any single scope, and to a session', async () => {
    for (const scope of API_SCOPES) expect((await run(name, { key: await keyWith([scope]) })).status, scope).toBe(200);
    expect((await run(name, 'session')).status).toBe(CASES[name]!.status);
  });
});
