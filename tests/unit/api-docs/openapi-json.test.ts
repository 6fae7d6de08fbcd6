import { describe, expect, it, vi } from 'vitest';

// Counts how often the document is built: the route builds it once per process, not per request.
const builds = vi.hoisted(() => ({ count: 0 }));
vi.mock('zod-openapi', async (importOriginal) => {
  const actual = await importOriginal<typeof import('zod-openapi')>();
  return {
    ...actual,
    createDocument: (...args: Parameters<typeof actual.createDocument>) => {
      builds.count += 1;
      return actual.createDocument(...args);
    },
  };
});

const get = async (headers: Record<string, string> = {}) =>
  (await import('@/app/api/v1/openapi.json/route')).GET(
    new Request('http://signet.test/api/v1/openapi.json', { headers }),
  );

describe('GET /api/v1/openapi.json', () => {
  it('builds the document once per process and answers every call with the same body and ETag', async () => {
    const [first, second] = [await get(), await get()];
    expect(builds.count).toBe(1);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/json');
    expect(first.headers.get('cache-control')).toBe('public, max-age=300');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]{43}"$/);
    expect(second.headers.get('etag')).toBe(etag);
    const body = await first.text();
    expect(await second.text()).toBe(body);
    expect((JSON.parse(body) as { openapi: string }).openapi).toBe('3.1.0');
  });

  it('answers 304 without a body to a matching If-None-Match, the whole document to another', async () => {
    const etag = (await get()).headers.get('etag') ?? '';
    const revalidated = await get({ 'if-none-match': `W/"other", ${etag}` });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get('etag')).toBe(etag);
    expect(await revalidated.text()).toBe('');
    expect((await get({ 'if-none-match': '"stale"' })).status).toBe(200);
    expect(builds.count).toBe(1);
  });
});
