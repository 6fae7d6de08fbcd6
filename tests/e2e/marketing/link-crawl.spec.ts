import { expect, test } from '../fixtures';

/** Upper bound on pages fetched; the site has far fewer, so reaching it means links multiply unexpectedly. */
const MAX_PAGES = 300;
const START = ['/', '/pt', '/cs', '/es'];

/** Every href of an <a> in the HTML, entity-decoded. */
function hrefsOf(html: string): string[] {
  return [...html.matchAll(/<a\b[^>]*?\shref="([^"]*)"/g)].map((m) =>
    (m[1] ?? '')
      .replace(/&amp;/g, '&')
      .replace(/&#x27;|&#39;/g, "'")
      .replace(/&quot;/g, '"'),
  );
}

/**
 * Breadth-first over every same-origin link reachable from the four home
 * pages (mailto:, tel: and pure #fragment links ignored, fragments stripped,
 * redirects followed): every one must answer 200. No exclusions.
 */
test('every same-origin link reachable from the home pages answers 200', async ({ page, baseURL }) => {
  test.setTimeout(240_000);
  const origin = new URL(baseURL ?? 'http://localhost').origin;
  const queue = [...START];
  const seen = new Set(queue);
  const failures: string[] = [];
  const linkedFrom = new Map<string, string>();
  let fetched = 0;

  while (queue.length > 0 && fetched < MAX_PAGES) {
    const path = queue.shift() ?? '';
    fetched += 1;
    // Each URL as a first visit: a locale cookie from an earlier page would redirect unprefixed URLs.
    await page.context().clearCookies();
    const response = await page.request.get(path, { maxRedirects: 10 });
    if (response.status() !== 200) {
      failures.push(`${path} → ${response.status()} (linked from ${linkedFrom.get(path) ?? 'start'})`);
      continue;
    }
    if (!(response.headers()['content-type'] ?? '').includes('text/html')) continue;
    const base = new URL(response.url());
    for (const href of hrefsOf(await response.text())) {
      if (href === '' || href.startsWith('#') || /^(mailto|tel|javascript):/i.test(href)) continue;
      const target = new URL(href, base);
      if (target.origin !== origin) continue;
      const next = `${target.pathname}${target.search}`;
      if (seen.has(next)) continue;
      seen.add(next);
      linkedFrom.set(next, path);
      queue.push(next);
    }
  }

  expect(queue, `crawl stopped at ${MAX_PAGES} pages`).toEqual([]);
  // Sanity: the crawl reached the content pages in every language, not just the home pages.
  for (const path of ['/security', '/pt/legal/terms', '/cs/features/validator', '/es/why/safety', '/developers/api']) {
    expect(seen.has(path), path).toBe(true);
  }
  console.log(`link crawl: ${fetched} pages fetched, ${failures.length} failed`);
  expect(failures).toEqual([]);
});
