import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { TDbClient } from '@/lib/server/db/create-client';
import { SOCKET_ADDRESS_HEADER, SOCKET_ADDRESS_MARKER } from '@/lib/server/http/client-address';
import { appDatabase, tempDir } from '../db/helpers';

// POST /api/contact exactly as Next calls it, against a private SQLite file.
const dataDir = tempDir('signet-contact-route-');
let db: TDbClient;
type Handler = (request: Request, context: unknown) => Promise<Response> | Response;
let POST: Handler;
let GET: Handler;

const valid = {
  name: 'Ann Smith',
  email: 'ann@example.com',
  topic: 'SUPPORT',
  message: 'My signing link has expired.',
  locale: 'en',
};

function post(body: BodyInit | null, headers: Record<string, string> = {}) {
  return POST(
    new Request('http://localhost:3000/api/contact', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/json',
        origin: 'http://localhost:3000',
        [SOCKET_ADDRESS_HEADER]: '192.0.2.1',
        ...headers,
      },
    }),
    {},
  );
}

beforeAll(async () => {
  // As behind scripts/serve.mjs, which puts the socket's peer in SOCKET_ADDRESS_HEADER.
  (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER] = true;
  db = await appDatabase(dataDir, { APP_URL: 'http://localhost:3000' });
  ({ POST, GET } = (await import('@/app/api/contact/route')) as unknown as { POST: Handler; GET: Handler });
});

afterAll(async () => {
  delete (globalThis as Record<symbol, unknown>)[SOCKET_ADDRESS_MARKER];
  await db.$disconnect();
  vi.unstubAllEnvs();
});

beforeEach(async () => {
  await db.rateLimiterFlexible.deleteMany();
  await db.contactRequest.deleteMany();
  await db.job.deleteMany();
});

async function expectProblem(response: Response, status: number, code: string) {
  expect(response.status).toBe(status);
  expect(response.headers.get('content-type')).toBe('application/problem+json');
  const body = (await response.json()) as { code: string; detail?: string; errors?: unknown };
  expect(body.code).toBe(code);
  expect(await db.contactRequest.count()).toBe(0);
  return body;
}

describe('POST /api/contact', () => {
  it('stores a valid request and answers 201 with its id', async () => {
    const response = await post(JSON.stringify(valid), { 'user-agent': 'UnitTest/1.0' });
    expect(response.status).toBe(201);
    const { id } = (await response.json()) as { id: string };
    expect(await db.contactRequest.findUniqueOrThrow({ where: { id } })).toMatchObject({
      ...valid,
      ip: '192.0.2.1',
      userAgent: 'UnitTest/1.0',
    });
    expect(await db.job.count({ where: { queue: 'contact.notify' } })).toBe(1);
  });

  it('answers 400 with per-field errors for invalid fields', async () => {
    const body = await expectProblem(
      await post(JSON.stringify({ ...valid, email: 'nope', name: '' })),
      400,
      'INVALID_INPUT',
    );
    expect(body.errors).toEqual([
      { path: 'name', message: 'required' },
      { path: 'email', message: 'invalidEmail' },
    ]);
  });

  it('checks the form once, at the edge: a bad address and a short message are named, and no request or job is stored', async () => {
    const body = await expectProblem(
      await post(JSON.stringify({ ...valid, email: 'grace@', message: 'short' })),
      400,
      'INVALID_INPUT',
    );
    expect(body.errors).toEqual([
      { path: 'email', message: 'invalidEmail' },
      { path: 'message', message: 'tooShort' },
    ]);
    expect(await db.job.count()).toBe(0);
  });

  it('answers 400 for malformed or empty JSON', async () => {
    expect((await expectProblem(await post('{"name": "Ann",'), 400, 'INVALID_INPUT')).detail).toMatch(/not valid JSON/);
    expect((await expectProblem(await post(''), 400, 'INVALID_INPUT')).detail).toMatch(/empty/);
    await expectProblem(await post('"just a string"'), 400, 'INVALID_INPUT');
  });

  it('answers 415 for anything but application/json', async () => {
    await expectProblem(
      await post(new URLSearchParams(valid).toString(), { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    await expectProblem(
      await post(JSON.stringify(valid), { 'content-type': 'text/plain' }),
      415,
      'UNSUPPORTED_MEDIA_TYPE',
    );
    expect((await post(JSON.stringify(valid), { 'content-type': 'application/json; charset=utf-8' })).status).toBe(201);
  });

  it('answers 413 for a body over 16 kB, declared or not', async () => {
    const big = JSON.stringify({ ...valid, message: 'x'.repeat(17 * 1024) });
    await expectProblem(await post(big), 413, 'PAYLOAD_TOO_LARGE');
    // A streamed body has no Content-Length: the limit is enforced while reading.
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let i = 0; i < 20; i += 1) controller.enqueue(new TextEncoder().encode(' '.repeat(1024)));
        controller.close();
      },
    });
    const response = await POST(
      new Request('http://localhost:3000/api/contact', {
        method: 'POST',
        body: stream,
        headers: { 'content-type': 'application/json' },
        duplex: 'half',
      } as RequestInit),
      {},
    );
    await expectProblem(response, 413, 'PAYLOAD_TOO_LARGE');
  });

  it('answers 403 to another site, and to cross-site requests without Origin', async () => {
    await expectProblem(await post(JSON.stringify(valid), { origin: 'https://evil.example' }), 403, 'FORBIDDEN');
    await expectProblem(await post(JSON.stringify(valid), { origin: 'null' }), 403, 'FORBIDDEN');
    const noOrigin = new Request('http://localhost:3000/api/contact', {
      method: 'POST',
      body: JSON.stringify(valid),
      headers: { 'content-type': 'application/json', 'sec-fetch-site': 'cross-site' },
    });
    await expectProblem(await POST(noOrigin, {}), 403, 'FORBIDDEN');
  });

  it('pretends success for a filled honeypot and stores nothing', async () => {
    const response = await post(JSON.stringify({ ...valid, website: 'https://cheap-pills.example' }));
    expect(response.status).toBe(201);
    expect(((await response.json()) as { id: string }).id).toMatch(/^c/);
    expect(await db.contactRequest.count()).toBe(0);
    expect(await db.job.count()).toBe(0);
  });

  it('answers 429 with Retry-After after 5 requests from one address in 10 minutes', async () => {
    for (let i = 0; i < 5; i += 1) expect((await post(JSON.stringify(valid))).status).toBe(201);
    const limited = await post(JSON.stringify(valid));
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(500);
    expect(await db.contactRequest.count()).toBe(5);
    // Another address still gets through.
    expect((await post(JSON.stringify(valid), { [SOCKET_ADDRESS_HEADER]: '192.0.2.2' })).status).toBe(201);
  });

  it('counts a client under its socket address whatever X-Forwarded-For it makes up, and stores that address', async () => {
    for (let i = 0; i < 5; i += 1) {
      const response = await post(JSON.stringify(valid), {
        'x-forwarded-for': `198.51.100.${i}`,
        'x-real-ip': `203.0.113.${i}`,
      });
      expect(response.status).toBe(201);
    }
    expect((await post(JSON.stringify(valid), { 'x-forwarded-for': '198.51.100.99' })).status).toBe(429);
    const stored = await db.contactRequest.findMany({ select: { ip: true } });
    expect(stored.map((row) => row.ip)).toEqual(Array(5).fill('192.0.2.1'));
  });

  it('answers other methods with 405 and Allow: POST', async () => {
    const response = await GET(new Request('http://localhost:3000/api/contact'), {});
    expect(response.headers.get('allow')).toBe('POST');
    await expectProblem(response, 405, 'METHOD_NOT_ALLOWED');
  });
});
