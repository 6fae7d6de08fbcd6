import { PUBLIC_PAGES } from '@/lib/seo/public-pages';
import { expect, test } from '../fixtures';

const LOCALES = { en: '/', pt: '/pt', cs: '/cs', es: '/es' } as const;

/** The public URL the app was started with (playwright.config sets APP_URL to baseURL). */
const base = (baseURL: string | undefined) => (baseURL ?? '').replace(/\/$/, '');

test('each locale of the landing page has its own title and description', async ({ page }) => {
  const seen = { titles: new Set<string>(), descriptions: new Set<string>() };
  for (const path of Object.values(LOCALES)) {
    await page.goto(path);
    const title = await page.title();
    const description = await page.locator('meta[name="description"]').getAttribute('content');
    expect(title, path).toContain('Signet');
    expect(description?.length ?? 0, path).toBeGreaterThan(50);
    seen.titles.add(title);
    seen.descriptions.add(description ?? '');
  }
  expect(seen.titles.size).toBe(4);
  expect(seen.descriptions.size).toBe(4);
});

test('canonical and hreflang alternates are absolute and point at the root landing pages', async ({
  page,
  baseURL,
}) => {
  const origin = base(baseURL);
  // Next.js writes the site root without a trailing slash.
  const expected = { en: origin, pt: `${origin}/pt`, cs: `${origin}/cs`, es: `${origin}/es` };
  for (const [locale, path] of Object.entries(LOCALES) as [keyof typeof LOCALES, string][]) {
    // `/web` shows the same page, so it names the root page as canonical.
    for (const address of [path, path === '/' ? '/web' : `${path}/web`]) {
      await page.goto(address);
      await expect(page.locator('link[rel="canonical"]'), address).toHaveAttribute('href', expected[locale]);
      const alternates = await page
        .locator('link[rel="alternate"][hreflang]')
        .evaluateAll((links) =>
          Object.fromEntries(links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')])),
        );
      expect(alternates, address).toEqual({ ...expected, 'x-default': expected.en });
      await expect(page.locator('meta[property="og:url"]'), address).toHaveAttribute('content', expected[locale]);
    }
  }
});

test('the Open Graph and Twitter image of each locale is a 1200×630 PNG', async ({ page, request, baseURL }) => {
  const images = new Set<string>();
  for (const [locale, path] of Object.entries(LOCALES)) {
    await page.goto(path);
    const url = await page.locator('meta[property="og:image"]').getAttribute('content');
    expect(url, path).toBe(`${base(baseURL)}/${locale}/og-image.png`);
    await expect(page.locator('meta[property="og:image:alt"]')).toHaveAttribute('content', /Signet/);
    await expect(page.locator('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    await expect(page.locator('meta[name="twitter:image"]')).toHaveAttribute('content', url ?? '');
    const response = await request.get(url ?? '');
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('image/png');
    const png = await response.body();
    expect(png.subarray(1, 4).toString()).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([1200, 630]);
    images.add(png.toString('base64'));
  }
  expect(images.size).toBe(4);
});

test('sitemap.xml is valid XML listing every public page in every locale with alternates', async ({
  page,
  request,
  baseURL,
}) => {
  const response = await request.get('/sitemap.xml');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('xml');
  const xml = await response.text();
  await page.goto('/');
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, 'application/xml');
    const urls = [...doc.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'url')];
    return {
      errors: doc.getElementsByTagName('parsererror').length,
      entries: urls.map((url) => ({
        loc: url.getElementsByTagNameNS('http://www.sitemaps.org/schemas/sitemap/0.9', 'loc')[0]?.textContent ?? '',
        alternates: [...url.getElementsByTagNameNS('http://www.w3.org/1999/xhtml', 'link')].map(
          (link) => `${link.getAttribute('hreflang')} ${link.getAttribute('href')}`,
        ),
      })),
    };
  }, xml);
  expect(parsed.errors).toBe(0);
  const origin = base(baseURL);
  const locs = parsed.entries.map((entry) => entry.loc);
  expect(locs).toHaveLength(PUBLIC_PAGES.length * 4);
  for (const path of PUBLIC_PAGES) {
    for (const prefix of ['', '/pt', '/cs', '/es']) {
      expect(locs).toContain(`${origin}${prefix}${path === '/' ? '' : path}`);
    }
  }
  const privacy = parsed.entries.find((entry) => entry.loc === `${origin}/cs/legal/privacy`);
  expect(privacy?.alternates.sort()).toEqual([
    `cs ${origin}/cs/legal/privacy`,
    `en ${origin}/legal/privacy`,
    `es ${origin}/es/legal/privacy`,
    `pt ${origin}/pt/legal/privacy`,
    `x-default ${origin}/legal/privacy`,
  ]);
});

test('robots.txt opens the public site, closes the private areas and names the sitemap', async ({
  request,
  baseURL,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  const lines = (await response.text()).split('\n').map((line) => line.trim());
  expect(lines).toEqual(
    expect.arrayContaining([
      'User-Agent: *',
      'Allow: /',
      'Disallow: /api/',
      'Disallow: /dashboard',
      'Disallow: /document/',
      'Disallow: /welcome',
      'Disallow: /cs/dashboard',
    ]),
  );
  expect(lines).toContain(`Sitemap: ${base(baseURL)}/sitemap.xml`);
  expect(lines).not.toContain('Disallow: /');
});

test('the landing page carries Organization and product JSON-LD with the three plans', async ({ page, baseURL }) => {
  for (const path of ['/', '/cs']) {
    await page.goto(path);
    const blocks = await page.locator('script[type="application/ld+json"]').allTextContents();
    expect(blocks).toHaveLength(1);
    const graph = (JSON.parse(blocks[0] ?? '{}') as { '@graph': Record<string, unknown>[] })['@graph'];
    expect(graph.find((node) => node['@type'] === 'Organization')).toMatchObject({
      name: 'Signet',
      url: base(baseURL),
    });
    const product = graph.find((node) => node['@type'] === 'SoftwareApplication') as {
      offers: Record<string, unknown>[];
    };
    const cards = await page.locator('[data-plan] h3').allTextContents();
    expect(product.offers.map((offer) => offer.name)).toEqual(cards);
    expect(product.offers.map((offer) => offer.price ?? null)).toEqual(['0', '29', null]);
    expect(product.offers.slice(0, 2).map((offer) => offer.priceCurrency)).toEqual(['USD', 'USD']);
  }
});

test('the favicon answers', async ({ page, request }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="icon"]').first().getAttribute('href');
  const response = await request.get(href ?? '/missing');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toContain('image/svg+xml');
});

test('the landing page, also when answered from the page cache, gives each new visitor its own anti-forgery cookie', async ({
  request,
  baseURL,
}) => {
  const xsrf = (setCookie: string | undefined) => /XSRF-TOKEN=([^;]+);([^\n]*)/.exec(setCookie ?? '');
  const seen = new Set<string>();
  // A fresh cookie-less request each time: the first fills the cache, the others come from it.
  for (let visit = 0; visit < 3; visit += 1) {
    const response = await fetch(`${base(baseURL)}/`, { headers: { 'accept-language': 'en' } });
    expect(response.status).toBe(200);
    const cookie = xsrf(response.headers.get('set-cookie') ?? undefined);
    expect(cookie?.[1]).toMatch(/^[\w-]{43}$/);
    expect(cookie?.[2]?.toLowerCase()).toContain('path=/');
    expect(cookie?.[2]?.toLowerCase()).toContain('samesite=lax');
    seen.add(cookie?.[1] ?? '');
  }
  expect(seen.size).toBe(3);
  // The same shape as the proxy's own, set on any other page.
  const page = await request.get('/contact', { maxRedirects: 0 });
  expect(xsrf(page.headers()['set-cookie'])?.[1]).toMatch(/^[\w-]{43}$/);
  // A visitor who has one keeps it.
  const returning = await fetch(`${base(baseURL)}/`, { headers: { cookie: 'XSRF-TOKEN=mine' } });
  expect(returning.headers.get('set-cookie') ?? '').not.toContain('XSRF-TOKEN');
});
