import { expect, test } from '../fixtures';

test('every icon on the landing page points at a symbol the sprite has, and the sprite is cached for good', async ({
  page,
  request,
}) => {
  await page.goto('/');
  const hrefs = await page.locator('svg use').evaluateAll((uses) => uses.map((use) => use.getAttribute('href') ?? ''));
  expect(hrefs.length).toBeGreaterThan(20);
  const sprites = new Set(hrefs.map((href) => href.split('#')[0]));
  expect(sprites.size).toBe(1);
  const [spriteUrl] = [...sprites];
  expect(spriteUrl).toMatch(/^\/icons\.svg\?v=[0-9a-z]+$/);
  const sprite = await request.get(spriteUrl!);
  expect(sprite.status()).toBe(200);
  expect(sprite.headers()['content-type']).toContain('image/svg+xml');
  expect(sprite.headers()['cache-control']).toContain('immutable');
  const ids = new Set([...(await sprite.text()).matchAll(/<symbol id="([^"]+)"/g)].map((match) => match[1]));
  for (const href of hrefs) expect(ids, href).toContain(href.split('#')[1]);
  // Drawn, not empty: a used icon has a size and the symbol's path renders inside it.
  const box = await page.locator('#Solutions svg').first().boundingBox();
  expect(box?.width).toBeGreaterThan(0);
});
