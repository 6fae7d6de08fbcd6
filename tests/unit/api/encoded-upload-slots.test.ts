// A base64 JSON upload holds its text and the decoded file at once: an owner may have only a few in flight.
import { describe, expect, it, vi } from 'vitest';
import { ENCODED_UPLOADS_PER_OWNER } from '@/lib/server/documents/upload/encoded-upload-slot';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { apiWorld } from './helpers';

vi.mock('@/lib/server/auth/auth', () => ({ auth: async () => null }));
vi.mock('next/headers', () => ({ headers: async () => new Headers() }));

const { world } = apiWorld();

/** POST /api/v1/documents with a JSON body that sends its opening, then waits until released. */
async function heldUpload(key: string) {
  const route = await import('@/app/api/v1/documents/route');
  const pdf = (await makePdf(1)).toString('base64');
  let release = () => {};
  let reading = () => {};
  const read = new Promise<void>((resolve) => (reading = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  let opened = false;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!opened) {
        opened = true;
        controller.enqueue(Buffer.from('{"name":"Held.pdf","content":"'));
        return;
      }
      reading();
      await released;
      controller.enqueue(Buffer.from(`${pdf}"}`));
      controller.close();
    },
  });
  const request = new Request('http://signet.test/api/v1/documents', {
    method: 'POST',
    body,
    duplex: 'half',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
  } as RequestInit);
  return { answer: route.POST(request, { params: Promise.resolve({}) }), read, release };
}

async function jsonUpload(key: string) {
  const route = await import('@/app/api/v1/documents/route');
  const body = JSON.stringify({ name: 'Now.pdf', content: (await makePdf(1)).toString('base64') });
  return route.POST(
    new Request('http://signet.test/api/v1/documents', {
      method: 'POST',
      body,
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    }),
    { params: Promise.resolve({}) },
  );
}

describe('POST /api/v1/documents with base64 JSON bodies', () => {
  it(`takes ${ENCODED_UPLOADS_PER_OWNER} at once per owner; one more is refused (429, Retry-After, connection closed) before its body is read; other owners are not held up`, async () => {
    const held = await Promise.all(Array.from({ length: ENCODED_UPLOADS_PER_OWNER }, () => heldUpload(world.key)));
    await Promise.all(held.map((upload) => upload.read));

    const refused = await jsonUpload(world.key);
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBe('10');
    expect(refused.headers.get('connection')).toBe('close');
    expect(await refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      detail: expect.stringMatching(/multipart\/form-data/),
    });
    // The limit is the owner's, not the server's.
    expect((await jsonUpload(world.otherKey)).status).toBe(201);

    for (const upload of held) upload.release();
    expect((await Promise.all(held.map((upload) => upload.answer))).map((response) => response.status)).toEqual(
      Array(ENCODED_UPLOADS_PER_OWNER).fill(201),
    );
    expect((await jsonUpload(world.key)).status).toBe(201);
    expect(await world.client.document.count({ where: { name: 'Held.pdf' } })).toBe(ENCODED_UPLOADS_PER_OWNER);
  });
});
