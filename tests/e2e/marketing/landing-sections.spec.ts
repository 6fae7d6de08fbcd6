import { expect, test } from '../fixtures';

const SECTION_IDS = ['Home', 'Solutions', 'Trusted', 'Pricing', 'Why', 'Developers', 'FAQ'];

for (const [path, word] of [
  ['/', 'securely'],
  ['/web', 'securely'],
  ['/pt/web', 'com segurança'],
  ['/cs', 'bezpečně'],
  ['/es/web', 'con seguridad'],
] as const) {
  test(`${path} serves the landing page with its sections in page order`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
    const ids = await page.locator('main > section[id]').evaluateAll((sections) => sections.map((s) => s.id));
    expect(ids).toEqual(SECTION_IDS);
    // header, main (with the CTA last), footer, then the side dots.
    const order = await page.evaluate(() => {
      const header = document.querySelector('body header');
      const main = document.querySelector('main#main');
      const footer = document.querySelector('body footer');
      const dots = document.querySelector('nav[data-side-dots]');
      const follows = (a: Element | null, b: Element | null) =>
        !!a && !!b && (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0;
      return follows(header, main) && follows(main, footer) && follows(footer, dots);
    });
    expect(order).toBe(true);
    await expect(page.locator('main > section').last()).toHaveAttribute('aria-labelledby', 'cta-title');
  });
}

test('the hero button is a plain link to /welcome, localized', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#Home a', { hasText: 'Sign your document' })).toHaveAttribute('href', '/welcome');
  await page.goto('/pt');
  await expect(page.locator('#Home a').first()).toHaveAttribute('href', '/pt/welcome');
});

test("feature cards, pricing, why and developers hold the landing page's fixed content", async ({ page }) => {
  await page.goto('/');
  const learnMore = page.locator('#Solutions a', { hasText: 'Learn More' });
  await expect(learnMore).toHaveCount(6);
  const hrefs = await learnMore.evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  // The Validator card leads to the validator itself.
  expect(hrefs).toEqual([
    ...['free', 'signing', 'api', 'web-formulars', 'components'].map((s) => `/features/${s}`),
    '/validator',
  ]);

  const plans = page.locator('#Pricing [data-plan]');
  await expect(plans).toHaveCount(3);
  for (const [plan, price, features, perMonth] of [
    ['free', '$0', 3, 1],
    ['pro', '$29', 4, 1],
    ['enterprise', 'Custom', 4, 0],
  ] as const) {
    const card = page.locator(`[data-plan="${plan}"]`);
    await expect(card.locator('[data-price]')).toHaveText(price);
    await expect(card.locator('[data-features] li')).toHaveCount(features);
    await expect(card.locator('[data-per-month]')).toHaveCount(perMonth);
    await expect(card.locator('[data-button-style="primary"]')).toHaveCount(1);
    expect((await card.boundingBox())?.width).toBeLessThanOrEqual(400);
  }

  await expect(page.locator('#Why article')).toHaveCount(4);
  await expect(page.locator('#Why [data-stat]')).toHaveText(['50M+', '10K+', '99.9%', '24/7']);

  await expect(page.locator('#Developers li h3')).toHaveCount(3);
  const code = page.locator('#Developers pre');
  await expect(code).toHaveCount(2);
  // No SDK package exists yet: the samples call the REST API itself.
  await expect(code.first()).toContainText('Bearer ${process.env.SIGNET_API_KEY}');
  await expect(code.nth(1)).toContainText("signet('/signing-requests'");
  await expect(code.nth(1)).toContainText("type: 'signature'");
  const docs = page.locator('#Developers a[target="_blank"]');
  await expect(docs).toHaveAttribute('rel', /noopener/);
});

test('pricing cards wrap under 1080px and sit in one row above', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const tops = () =>
    page
      .locator('#Pricing [data-plan]')
      .evaluateAll((cards) => cards.map((c) => Math.round(c.getBoundingClientRect().top)));
  expect(new Set(await tops()).size).toBe(1);
  await page.setViewportSize({ width: 1000, height: 900 });
  expect(new Set(await tops()).size).toBeGreaterThan(1);
});

test('the why grid has 4, 2 and 1 columns at 1200, 868/582 and below', async ({ page }) => {
  await page.goto('/');
  const columns = () =>
    page.locator('[data-why-grid]').evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  for (const [width, expected] of [
    [1280, 4],
    [1000, 2],
    [700, 2],
    [500, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    expect(await columns(), `${width}px`).toBe(expected);
  }
});

test('the feature cards sit in 3 columns from 1080px, 2 from 582px, 1 below', async ({ page }) => {
  await page.goto('/');
  const columns = () =>
    page
      .locator('#Solutions ul')
      .first()
      .evaluate((grid) => getComputedStyle(grid).gridTemplateColumns.split(' ').length);
  for (const [width, expected] of [
    [1440, 3],
    [1080, 3],
    [1000, 2],
    [600, 2],
    [375, 1],
  ] as const) {
    await page.setViewportSize({ width, height: 900 });
    expect(await columns(), `${width}px`).toBe(expected);
  }
});

test('the testimonial rating is five read-only stars; icons and names only above 660px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const slide = page.locator('#Trusted [data-index="0"]').first();
  const rating = slide.getByRole('img', { name: 'Rated 5 out of 5 stars' });
  await expect(rating.locator('[data-star]')).toHaveCount(5);
  await expect(rating.locator('button, input')).toHaveCount(0);
  await expect(slide.locator('figcaption')).toBeVisible();
  await page.setViewportSize({ width: 640, height: 900 });
  await expect(slide.locator('figcaption')).toBeHidden();
});

test('the logo strip loops in 35s, 25s under 868px', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const duration = () => page.locator('.marquee-track').evaluate((track) => getComputedStyle(track).animationDuration);
  expect(await duration()).toBe('35s');
  await page.setViewportSize({ width: 800, height: 900 });
  expect(await duration()).toBe('25s');
});

// The server inherits this process's environment (Playwright's webServer): the social links it is given are these.
const SOCIAL = (['LinkedIn', 'X', 'Facebook', 'YouTube', 'GitHub'] as const).flatMap((name) => {
  const href = process.env[`SOCIAL_${name.toUpperCase()}_URL`];
  return href ? [{ name, href }] : [];
});

test('the footer has the three link groups and a labelled social link for each configured network, none for the others', async ({
  page,
}) => {
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  const nav = footer.getByRole('navigation', { name: 'Footer' });
  await expect(nav.getByRole('heading', { level: 2 })).toHaveText(['Product', 'Developers', 'Company']);
  await expect(nav.getByRole('link')).toHaveCount(15);
  await expect(nav.getByRole('link', { name: 'Web Formulars' })).toHaveAttribute('href', '/web-formulars');
  // Pricing and Features lead to their own pages (they once answered 404 when typed in).
  await expect(nav.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(nav.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
  // Each icon opens the operator's own page (docs/configuration.md), never a network's home page; an unset one is hidden.
  const social = footer.getByRole('list', { name: 'Follow us' }).getByRole('link');
  await expect(social).toHaveCount(SOCIAL.length);
  for (const [index, { name, href }] of SOCIAL.entries()) {
    await expect(social.nth(index)).toHaveAttribute('href', href);
    await expect(social.nth(index)).toHaveAttribute('aria-label', `Signet on ${name}`);
  }
  if (SOCIAL.length === 0) await expect(footer.getByRole('list', { name: 'Follow us' })).toHaveCount(0);
  await expect(footer).toContainText('Secure, efficient and compliant digital document signing.');
});
