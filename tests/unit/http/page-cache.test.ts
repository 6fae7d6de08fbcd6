import { createServer, request, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseEncoding, createPageCache, readCookie } from '@/scripts/lib/page-cache.mjs';
import { createLocaleOutcome } from '@/scripts/lib/page-locale.mjs';

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer };
const html = Buffer.from(`<!DOCTYPE html><html>${'<p>landing</p>'.repeat(500)}</html>`);
const prerendered: IncomingHttpHeaders = {
  'content-type': 'text/html; charset=utf-8',
  etag: '"abc"',
  'x-nextjs-prerender': '1, 1',
  'x-frame-options': 'SAMEORIGIN',
  vary: 'rsc, Accept-Encoding',
  date: 'x',
};

let server: Server | undefined;
let visitors = 0;
afterEach(() => server?.close());

/** A server with the cache in front of a fake Next that answers `next` and counts its calls. */
async function start(next: (path: string, headers: Record<string, string>) => Answer) {
  const calls: string[] = [];
  const cache = createPageCache({
    paths: ['/', '/cs'],
    host: 'sign.example.com',
    localeCookie: 'SIGNET_LOCALE',
    localeOutcome: createLocaleOutcome({ locales: ['en', 'pt', 'cs', 'es'], defaultLocale: 'en' }),
    visitorCookie: { name: 'XSRF-TOKEN', create: () => `XSRF-TOKEN=fresh${(visitors += 1)}; Path=/; SameSite=lax` },
    fetchFromNext: async (path: string, headers: Record<string, string>) => {
      calls.push(path);
      return next(path, headers);
    },
  });
  server = createServer((req, res) => {
    void cache.serve(req, res).then((served: boolean) => {
      if (!served) res.end('from next');
    });
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
    new Promise<Answer>((resolve, reject) => {
      const outgoing = request({ host: '127.0.0.1', port, path, method, headers }, (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
        incoming.on('end', () =>
          resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }),
        );
      });
      outgoing.on('error', reject);
      outgoing.end();
    });
  return { calls, get, size: () => cache.size() };
}

describe('page cache', () => {
  it('asks Next once, then answers from memory with its headers, compressed as accepted', async () => {
    const { calls, get } = await start(() => ({ status: 200, headers: prerendered, body: html }));
    const first = await get('/', { 'accept-encoding': 'gzip' });
    const second = await get('/', { 'accept-encoding': 'br, gzip' });
    const plain = await get('/');
    expect(calls).toEqual(['/']);
    expect(gunzipSync(first.body).equals(html)).toBe(true);
    expect(first.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(second.body).equals(html)).toBe(true);
    expect(plain.body.equals(html)).toBe(true);
    expect(plain.headers).toMatchObject({
      'x-frame-options': 'SAMEORIGIN',
      etag: '"abc"',
      'content-length': String(html.length),
    });
    expect((await get('/', { 'if-none-match': '"abc"' })).status).toBe(304);
    expect((await get('/', {}, 'HEAD')).body.length).toBe(0);
  });

  it('keys on the locale the proxy resolves from the locale cookie and Accept-Language', async () => {
    const { calls, get } = await start(() => ({ status: 200, headers: prerendered, body: html }));
    await get('/', { 'accept-language': 'en' });
    await get('/', { 'accept-language': 'en', cookie: 'other=1' });
    await get('/', { 'accept-language': 'cs' });
    await get('/', { 'accept-language': 'en', cookie: 'a=b; SIGNET_LOCALE=pt' });
    expect(calls).toHaveLength(3);
  });

  it('keeps at most 8 entries for the landing page and its Czech version, whatever 1,000 visitors send', async () => {
    const { calls, get, size } = await start(() => ({ status: 200, headers: prerendered, body: html }));
    const tags = ['en', 'pt-BR', 'cs', 'es-419', 'de', 'x-klingon', '*', 'zh-Hant-TW', 'PT', 'sk'];
    for (let visitor = 0; visitor < 1000; visitor += 1) {
      const language = `${tags[visitor % tags.length]};q=0.${visitor % 10},${tags[(visitor * 7) % tags.length]}-v${visitor};q=0.5, junk${visitor}`;
      const headers: Record<string, string> = {
        'accept-language': language,
        'user-agent': `bot ${visitor}`,
        host: `h${visitor}.example`,
      };
      if (visitor % 3 === 0)
        headers.cookie = `SIGNET_LOCALE=${['xx', 'cs', '', `v${visitor}`][visitor % 4]}; other=${visitor}`;
      if (visitor % 5 === 0) headers['sec-fetch-dest'] = visitor % 2 ? 'document' : `dest${visitor}`;
      expect((await get(visitor % 2 ? '/cs' : '/', headers)).status).toBe(200);
    }
    expect(size()).toBeLessThanOrEqual(8);
    expect(calls.length).toBe(size());
  });

  it("asks Next under the configured host with only what the key stands for, never the visitor's Host or cookies", async () => {
    const seen: Record<string, string>[] = [];
    // A Next that writes the host it was asked under into its answer, as next-intl's Link header does.
    const { get } = await start((_path, headers) => {
      seen.push(headers);
      return {
        status: 200,
        headers: { ...prerendered, link: `<http://${headers.host}/cs>; rel="alternate"` },
        body: html,
      };
    });
    await get('/', {
      host: 'evil.example',
      'x-forwarded-host': 'evil.example',
      cookie: 'session=secret; SIGNET_LOCALE=en',
      'user-agent': 'evil',
    });
    const normal = await get('/', { cookie: 'SIGNET_LOCALE=en' });
    expect(seen).toEqual([
      {
        host: 'sign.example.com',
        accept: 'text/html',
        'accept-encoding': 'identity',
        'x-signet-page-cache': '1',
        cookie: 'SIGNET_LOCALE=en',
      },
    ]);
    expect(JSON.stringify(normal.headers)).not.toContain('evil');
    expect(normal.headers.link).toBe('<http://sign.example.com/cs>; rel="alternate"');
  });

  it('passes on redirects, other cookies and dynamic answers, and asks Next only once about them', async () => {
    const { calls, get } = await start((path) =>
      path === '/'
        ? { status: 307, headers: { location: '/cs' }, body: Buffer.alloc(0) }
        : {
            status: 200,
            headers: { ...prerendered, 'set-cookie': ['SIGNET_LOCALE=cs; Path=/', 'session=abc; HttpOnly'] },
            body: html,
          },
    );
    const redirect = await get('/');
    expect(redirect.status).toBe(307);
    expect(redirect.headers.location).toBe('/cs');
    expect((await get('/')).body.toString()).toBe('from next');
    expect((await get('/cs')).headers['set-cookie']).toEqual(['SIGNET_LOCALE=cs; Path=/', 'session=abc; HttpOnly']);
    expect((await get('/cs')).body.toString()).toBe('from next');
    expect(calls).toEqual(['/', '/cs']);
  });

  it('keeps an answer whose only cookie is the locale cookie (it follows from the key)', async () => {
    const { calls, get } = await start(() => ({
      status: 200,
      headers: { ...prerendered, 'set-cookie': ['SIGNET_LOCALE=cs; Path=/'] },
      body: html,
    }));
    await get('/cs', { 'accept-language': 'en', cookie: 'XSRF-TOKEN=mine' });
    const second = await get('/cs', { 'accept-language': 'en', cookie: 'XSRF-TOKEN=mine' });
    expect(second.headers['set-cookie']).toEqual(['SIGNET_LOCALE=cs; Path=/']);
    expect(second.body.equals(html)).toBe(true);
    expect(calls).toEqual(['/cs']);
  });

  it('leaves other paths, query strings, router requests and other methods to Next', async () => {
    const { calls, get } = await start(() => ({ status: 200, headers: prerendered, body: html }));
    for (const [path, headers, method] of [
      ['/pricing', {}, 'GET'],
      ['/?utm=1', {}, 'GET'],
      ['/', { rsc: '1' }, 'GET'],
      ['/', { 'next-router-prefetch': '1' }, 'GET'],
      ['/', { 'x-signet-page-cache': '1' }, 'GET'],
      ['/', {}, 'POST'],
    ] as const) {
      expect((await get(path, headers, method)).body.toString(), `${method} ${path}`).toBe('from next');
    }
    expect(calls).toEqual([]);
  });
  it('never keeps the visitor cookie, and gives every visitor without one a fresh one', async () => {
    visitors = 0;
    const { calls, get } = await start(() => ({
      status: 200,
      headers: {
        ...prerendered,
        'set-cookie': ['XSRF-TOKEN=from-next; Path=/; SameSite=lax', 'SIGNET_LOCALE=en; Path=/'],
      },
      body: html,
    }));
    const first = await get('/');
    const second = await get('/');
    const returning = await get('/', { cookie: 'XSRF-TOKEN=mine' });
    expect(calls).toEqual(['/']);
    expect(first.headers['set-cookie']).toEqual([
      'SIGNET_LOCALE=en; Path=/',
      'XSRF-TOKEN=fresh1; Path=/; SameSite=lax',
    ]);
    expect(second.headers['set-cookie']).toEqual([
      'SIGNET_LOCALE=en; Path=/',
      'XSRF-TOKEN=fresh2; Path=/; SameSite=lax',
    ]);
    expect(returning.headers['set-cookie']).toEqual(['SIGNET_LOCALE=en; Path=/']);
  });

  it('does not keep an answer that sets any other cookie', async () => {
    const { calls, get } = await start(() => ({
      status: 200,
      headers: { ...prerendered, 'set-cookie': ['session=abc; Path=/'] },
      body: html,
    }));
    await get('/');
    await get('/');
    expect(calls).toEqual(['/']);
    expect((await get('/')).body.toString()).toBe('from next');
  });
});

describe('chooseEncoding', () => {
  it.each([
    ['gzip, deflate, br', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['*', 'br'],
    ['identity', 'identity'],
    ['', 'identity'],
    ['gzip;q=0', 'identity'],
  ])('%j → %s', (header, expected) => expect(chooseEncoding(header)).toBe(expected));
});

it('readCookie finds one cookie among others', () => {
  expect(readCookie('a=1; SIGNET_LOCALE=cs; b=2', 'SIGNET_LOCALE')).toBe('cs');
  expect(readCookie('a=1', 'SIGNET_LOCALE')).toBeUndefined();
});
