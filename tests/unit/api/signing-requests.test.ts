import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { REQUEST_SAMPLE } from '@/components/marketing/developers-section';
import { apiWorld, makeSizedPdf } from './helpers';
import { runDueJobs, smtpSinkForApi, tokenIn, type TOutboxMail } from './sending-helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

/** Serves the test PDF on /contract.pdf, a redirect into a private address on /away, nothing on /slow. */
async function listen(handler: Parameters<typeof createServer>[1]): Promise<{ server: Server; base: string }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

let pdf: Uint8Array;
let allowed: { server: Server; base: string };
let private_: { server: Server; base: string };

// Registered before apiWorld's hooks: the environment it loads must already allow the test server.
beforeAll(async () => {
  pdf = await makeSizedPdf([[612, 792]]);
  private_ = await listen((_request, response) => response.end(Buffer.from(pdf)));
  allowed = await listen((request, response) => {
    if (request.url === '/contract.pdf')
      return response.writeHead(200, { 'content-type': 'application/pdf' }).end(Buffer.from(pdf));
    if (request.url === '/away') return response.writeHead(302, { location: `${private_.base}/contract.pdf` }).end();
    if (request.url === '/big') return response.writeHead(200, { 'content-length': '4096' }).end(Buffer.alloc(4096));
    if (request.url === '/stream')
      return response.writeHead(200, { 'transfer-encoding': 'chunked' }).end(Buffer.alloc(4096));
    if (request.url === '/slow') return; // never answers
    response.writeHead(404).end();
  });
  vi.stubEnv('OUTBOUND_ALLOW_HOSTS', allowed.base.replace('http://', ''));
});

afterAll(async () => {
  allowed.server.closeAllConnections();
  await Promise.all([allowed, private_].map(({ server }) => new Promise((resolve) => server.close(resolve))));
});

const sink = smtpSinkForApi();
const { world, call } = apiWorld();

let route: typeof import('@/app/api/v1/signing-requests/route');
let getRoute: typeof import('@/app/api/v1/signing-requests/[id]/route');

beforeAll(async () => {
  route = await import('@/app/api/v1/signing-requests/route');
  getRoute = await import('@/app/api/v1/signing-requests/[id]/route');
});

/** The request body of the landing page's API sample, as the page shows it, its document served by the test server. */
function landingSample(): Record<string, unknown> {
  const literal = /signet\('\/signing-requests', (\{[\s\S]*\})\);$/.exec(REQUEST_SAMPLE)?.[1];
  if (!literal) throw new Error('the landing page no longer shows a signing-request sample');
  expect(literal).toContain("'https://example.com/contract.pdf'");
  return new Function(
    `return (${literal.replace("'https://example.com/contract.pdf'", `'${allowed.base}/contract.pdf'`)})`,
  )() as Record<string, unknown>;
}

const create = (body: unknown, key?: string) => call(route.POST, 'POST', '/api/v1/signing-requests', { body, key });

describe('POST /api/v1/signing-requests', () => {
  it("runs the landing page's sample: fetched, placed, sent, and the signer invited", async () => {
    const before = sink.mails().length;
    const answer = await create(landingSample());
    expect(answer.status).toBe(201);
    const id = answer.body?.id as string;
    expect(answer.body).toEqual({
      id,
      documentId: id,
      status: 'pending',
      signers: [
        {
          id: expect.any(String),
          email: 'jane.doe@example.com',
          name: 'Jane Doe',
          role: 'signer',
          status: 'waiting',
          signedAt: null,
        },
      ],
      completedAt: null,
    });
    const document = await world.client.document.findUniqueOrThrow({ where: { id }, include: { fields: true } });
    expect(document).toMatchObject({ name: 'Service agreement', status: 'PENDING' });
    expect(document.fields).toMatchObject([{ type: 'SIGNATURE', page: 1, x: 120, y: 640, width: 180, height: 50 }]);

    await runDueJobs(world.client);
    const mails = sink.mails().slice(before);
    expect(mails.map((mail) => mail.to)).toEqual(['jane.doe@example.com']);
    const { resolveSigningToken } = await import('@/lib/server/signing/link/resolve-signing-token');
    expect((await resolveSigningToken(tokenIn(mails[0] as TOutboxMail))).document.id).toBe(id);

    const read = await call(getRoute.GET, 'GET', '/x', { params: { id } });
    expect(read.body).toMatchObject({
      id,
      status: 'pending',
      signers: [{ email: 'jane.doe@example.com', status: 'sent' }],
    });
    expect((await call(getRoute.GET, 'GET', '/x', { params: { id }, key: world.otherKey })).status).toBe(404);
  });

  it('takes base64 content, two signers in order, and the send settings', async () => {
    const answer = await create({
      document: { name: 'NDA.pdf', content: Buffer.from(pdf).toString('base64') },
      signers: [
        { email: 'a@example.com', name: 'A', fields: [{ type: 'signature', page: 1, position: { x: 10, y: 10 } }] },
        {
          email: 'b@example.com',
          name: 'B',
          role: 'approver',
          fields: [{ type: 'radio', page: 1, position: { x: 10, y: 100 }, options: ['Yes', 'No'] }],
        },
      ],
      signingOrder: 'parallel',
      locale: 'es',
    });
    expect(answer.status).toBe(201);
    const stored = await world.client.document.findUniqueOrThrow({ where: { id: answer.body?.id as string } });
    expect(stored).toMatchObject({ signingOrder: 'PARALLEL', locale: 'es', status: 'PENDING' });
  });

  it('refuses with the bad paths named and leaves nothing stored', async () => {
    const count = await world.client.document.count();
    const content = Buffer.from(pdf).toString('base64');
    const offPage = await create({
      document: { name: 'x', content },
      signers: [
        {
          email: 'a@example.com',
          name: 'A',
          fields: [
            { type: 'signature', page: 1, position: { x: 10, y: 780 } },
            { type: 'signature', page: 2, position: { x: 0, y: 0 } },
          ],
        },
      ],
    });
    expect(offPage.status).toBe(400);
    expect(offPage.body?.errors?.map((error) => error.path)).toEqual([
      'signers.0.fields.0.position.y',
      'signers.0.fields.1.page',
    ]);
    const early = await create({
      document: { name: 'x', content },
      signers: [
        { email: 'a@example.com', name: 'A', fields: [{ type: 'text', page: 1, position: { x: 0, y: 0 } }] },
        { email: 'A@example.com', name: 'A2', fields: [{ type: 'dropdown', page: 1, position: { x: 0, y: 0 } }] },
      ],
    });
    expect(early.body?.errors?.map((error) => error.path)).toEqual([
      'signers.1.fields.0.options',
      'signers.0.fields',
      'signers.1.email',
      'signers.1.fields',
    ]);
    const both = await create({
      document: { name: 'x', content, url: `${allowed.base}/contract.pdf` },
      signers: [{ email: 'a@example.com', name: 'A' }],
    });
    expect(both.status).toBe(400);
    expect(await world.client.document.count()).toBe(count);
    // The draft a refused request stored and took back never counts toward the monthly quota.
    expect(await world.client.deletedUpload.count()).toBe(0);
  });

  it('guards document.url: private addresses, redirects into them, and metadata addresses are refused', async () => {
    const count = await world.client.document.count();
    const signers = [
      { email: 'a@example.com', name: 'A', fields: [{ type: 'signature', page: 1, position: { x: 0, y: 0 } }] },
    ];
    for (const url of [
      `${private_.base}/contract.pdf`,
      `${allowed.base}/away`,
      'http://169.254.169.254/latest/meta-data',
      'http://[::1]:9/x',
      'http://localhost:9/x',
    ]) {
      const answer = await create({ document: { name: 'x', url }, signers });
      expect(answer.status, url).toBe(400);
      expect(answer.body?.errors, url).toEqual([
        {
          path: 'document.url',
          message: 'The address points into a private network, which Signet does not fetch from.',
        },
      ]);
    }
    expect(await world.client.document.count()).toBe(count);
  });
});

describe('openUserUrl', () => {
  it('cuts off a body past the size cap and an address slower than the timeout', async () => {
    const { openUserUrl } = await import('@/lib/server/outbound/open-user-url');
    const big = await openUserUrl(`${allowed.base}/big`, { path: 'u', maxBytes: 1000, timeoutMs: 5000 }).catch(
      (error: unknown) => error,
    );
    expect(big).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    // Without a declared length the body is counted as it arrives.
    const streamed = await openUserUrl(`${allowed.base}/stream`, { path: 'u', maxBytes: 1000, timeoutMs: 5000 });
    const read = async () => {
      for await (const chunk of streamed.data) void chunk;
    };
    await expect(read()).rejects.toMatchObject({ code: 'PAYLOAD_TOO_LARGE' });
    const slow = await openUserUrl(`${allowed.base}/slow`, { path: 'u', maxBytes: 1000, timeoutMs: 200 }).catch(
      (error: unknown) => error,
    );
    expect(slow).toMatchObject({ code: 'INVALID_INPUT', detail: 'The address did not answer within 0.2 s.' });
    const missing = await openUserUrl(`${allowed.base}/nothing`, { path: 'u', maxBytes: 1000, timeoutMs: 5000 }).catch(
      (error: unknown) => error,
    );
    expect(missing).toMatchObject({ detail: 'The address answered HTTP 404.' });
  });
});
