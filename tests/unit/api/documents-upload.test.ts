import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { apiWorld, makeSizedPdf } from './helpers';
import { userOnPlan } from '@/tests/fixtures/plan-user';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world, call, draft } = apiWorld();

let listRoute: typeof import('@/app/api/v1/documents/route');
let documentRoute: typeof import('@/app/api/v1/documents/[id]/route');
let downloadRoute: typeof import('@/app/api/v1/documents/[id]/download/route');
let usageRoute: typeof import('@/app/api/v1/usage/route');

beforeAll(async () => {
  listRoute = await import('@/app/api/v1/documents/route');
  documentRoute = await import('@/app/api/v1/documents/[id]/route');
  downloadRoute = await import('@/app/api/v1/documents/[id]/download/route');
  usageRoute = await import('@/app/api/v1/usage/route');
});

async function multipart(form: FormData, key = world.key) {
  const request = new Request('http://signet.test/api/v1/documents', {
    method: 'POST',
    headers: { authorization: `Bearer ${key}` },
    body: form,
  });
  const response = await listRoute.POST(request, { params: Promise.resolve({}) });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('POST /api/v1/documents', () => {
  it('takes a multipart file with an optional name (sent before the file) and answers 201 with the created draft', async () => {
    const pdf = await makeSizedPdf([
      [612, 792],
      [612, 792],
    ]);
    const form = new FormData();
    form.append('name', 'Lease 2027');
    form.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'lease.pdf');
    const answer = await multipart(form);
    expect(answer.status).toBe(201);
    expect(answer.body).toEqual({
      id: expect.any(String),
      name: 'Lease 2027',
      status: 'draft',
      pageCount: 2,
      sha256: sha256(pdf),
      createdAt: expect.any(String),
    });
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: answer.body.id as string } });
    expect(stored).toMatchObject({ ownerId: world.owner.id, status: 'DRAFT', name: 'Lease 2027' });

    const plain = new FormData();
    plain.append('file', new Blob([new Uint8Array(pdf)], { type: 'application/pdf' }), 'nda.pdf');
    expect((await multipart(plain)).body.name).toBe('nda.pdf');
  });

  it('takes JSON { name, content } in base64; a name without an extension is taken as a PDF', async () => {
    const pdf = await makeSizedPdf([[595, 842]]);
    const answer = await call(listRoute.POST, 'POST', '/api/v1/documents', {
      body: { name: 'Service agreement', content: Buffer.from(pdf).toString('base64') },
    });
    expect(answer.status).toBe(201);
    expect(answer.body).toMatchObject({
      name: 'Service agreement',
      status: 'draft',
      pageCount: 1,
      sha256: sha256(pdf),
    });
  });

  it('refuses as the upload routes do, and stores nothing', async () => {
    const count = await world.client.document.count();
    const notPdf = await call(listRoute.POST, 'POST', '/x', {
      body: { name: 'x.pdf', content: Buffer.from('hello, not a pdf').toString('base64') },
    });
    expect(notPdf.status).toBe(415);
    const badBase64 = await call(listRoute.POST, 'POST', '/x', { body: { name: 'x.pdf', content: '%%%' } });
    expect(badBase64.status).toBe(400);
    expect(badBase64.body?.errors?.map((error) => error.path)).toEqual(['content']);
    const wrongType = await call(listRoute.POST, 'POST', '/x', {
      body: { name: 'x.exe', content: Buffer.from('MZ').toString('base64') },
    });
    expect(wrongType.status).toBe(415);
    const form = new FormData();
    form.append('other', 'no file');
    expect((await multipart(form)).status).toBe(400);
    expect(await world.client.document.count()).toBe(count);
  });

  it("counts against a Free plan's monthly quota (429)", async () => {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const free = await userOnPlan(world.client, { email: 'free@example.com' }, 'FREE');
    const key = (await createApiKey(free.id, 'k')).secret;
    for (let index = 0; index < 5; index++) await draft([[612, 792]], free.id);
    const pdf = await makeSizedPdf([[612, 792]]);
    const answer = await call(listRoute.POST, 'POST', '/x', {
      body: { name: 'sixth.pdf', content: Buffer.from(pdf).toString('base64') },
      key,
    });
    expect(answer.status).toBe(429);
    expect(answer.body?.code).toBe('QUOTA_EXCEEDED');
  });

  it('still counts a deleted document: deleting one of five does not let a Free user upload a sixth', async () => {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const free = await userOnPlan(world.client, { email: 'free-deleter@example.com' }, 'FREE');
    const key = (await createApiKey(free.id, 'k')).secret;
    const pdf = Buffer.from(await makeSizedPdf([[612, 792]])).toString('base64');
    const upload = (name: string) => call(listRoute.POST, 'POST', '/x', { body: { name, content: pdf }, key });
    const ids: string[] = [];
    for (let index = 1; index <= 5; index++) {
      const answer = await upload(`contract-${index}.pdf`);
      expect(answer.status).toBe(201);
      ids.push(answer.body?.id as string);
    }
    expect((await call(documentRoute.DELETE, 'DELETE', '/x', { params: { id: ids[0]! }, key })).status).toBe(204);
    expect(await world.client.document.count({ where: { ownerId: free.id } })).toBe(4);

    const sixth = await upload('contract-6.pdf');
    expect(sixth.status).toBe(429);
    expect(sixth.body).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 5, used: 5, pricing: '/pricing' });
    expect(await world.client.document.count({ where: { ownerId: free.id } })).toBe(4);
  });
});

describe('GET /api/v1/usage, and the quota refused before the body is read', () => {
  it("answers the month's use; once it is used up, a multipart or JSON upload is refused 429 without a byte of its body pulled", async () => {
    const { createApiKey } = await import('@/lib/server/api-keys/create-api-key');
    const free = await userOnPlan(world.client, { email: 'free-usage@example.com' }, 'FREE');
    const key = (await createApiKey(free.id, 'k')).secret;
    for (let index = 0; index < 3; index++) await draft([[612, 792]], free.id);
    const usage = await call(usageRoute.GET, 'GET', '/api/v1/usage', { key });
    expect(usage.status).toBe(200);
    expect(usage.body).toEqual({
      plan: 'free',
      documents: {
        used: 3,
        limit: 5,
        remaining: 2,
        resetsAt: expect.stringMatching(/^\d{4}-\d{2}-01T00:00:00\.000Z$/),
      },
    });
    expect((await call(usageRoute.GET, 'GET', '/api/v1/usage')).body).toMatchObject({
      plan: 'pro',
      documents: { limit: null, remaining: null },
    });

    for (let index = 0; index < 2; index++) await draft([[612, 792]], free.id);
    for (const type of ['multipart/form-data; boundary=x', 'application/json']) {
      const state = { pulls: 0 };
      const body = new ReadableStream<Uint8Array>(
        {
          pull: (controller) => {
            state.pulls += 1;
            controller.close();
          },
        },
        { highWaterMark: 0 },
      );
      const request = new Request('http://signet.test/api/v1/documents', {
        method: 'POST',
        body,
        duplex: 'half',
        headers: { authorization: `Bearer ${key}`, 'content-type': type },
      } as RequestInit);
      const refused = await listRoute.POST(request, { params: Promise.resolve({}) });
      expect(refused.status, type).toBe(429);
      expect(await refused.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', limit: 5, used: 5 });
      expect(state.pulls, `${type}: the body was not read`).toBe(0);
    }
  });
});

describe('GET /api/v1/documents/{id}/download', () => {
  it('answers the original PDF, 409 for what does not exist yet, 404 for another user', async () => {
    const document = await draft([[612, 792]]);
    const request = (kind: string, key = world.key) =>
      downloadRoute.GET(
        new Request(`http://signet.test/api/v1/documents/${document.id}/download?kind=${kind}`, {
          headers: { authorization: `Bearer ${key}` },
        }),
        {
          params: Promise.resolve({ id: document.id }),
        },
      );
    const original = await request('original');
    expect(original.status).toBe(200);
    expect(original.headers.get('content-type')).toBe('application/pdf');
    const bytes = new Uint8Array(await original.arrayBuffer());
    expect(sha256(bytes)).toBe(document.originalSha256);
    expect((await request('sealed')).status).toBe(409);
    expect((await request('certificate')).status).toBe(409);
    expect((await request('bogus')).status).toBe(400);
    expect((await request('original', world.otherKey)).status).toBe(404);
  });
});
