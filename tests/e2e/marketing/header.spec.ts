import type { Page } from '@playwright/test';
import { expect, scrollToTopAndSettle, test } from '../fixtures';

const inView = (id: string) =>
  `(() => { const r = document.getElementById('${id}').getBoundingClientRect(); return r.top >= -2 && r.top < 120; })()`;

const realPopoverButton = (page: Page) => page.locator('[id^="headlessui-popover-button"]');

/**
 * Holds back every script chunk the page asks for from now on (the lazily loaded widgets),
 * until release(); settled() waits until those have arrived and the page has run and painted.
 */
async function holdLazyChunks(page: Page) {
  const pattern = '**/_next/static/chunks/**';
  const held: Array<() => Promise<void>> = [];
  const arrived: Array<Promise<unknown>> = [];
  page.on('request', (request) => {
    if (request.url().includes('/_next/static/chunks/'))
      arrived.push(request.response().then((response) => response?.finished()));
  });
  await page.route(pattern, (route) => {
    held.push(() => route.continue());
  });
  return {
    held: () => held.length,
    release: async () => {
      while (held.length > 0) await held.shift()?.();
      await page.unroute(pattern);
    },
    settled: async () => {
      await Promise.all(arrived);
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 50)))),
      );
    },
  };
}

test.describe('desktop header', () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test('on the landing page nav items scroll smoothly and keep the fragment; Home scrolls to the top', async ({
    page,
  }) => {
    await page.goto('/web', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await nav.getByRole('link', { name: 'Pricing' }).click();
    await expect.poll(() => page.evaluate(inView('Pricing'))).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/web');
    expect(new URL(page.url()).hash).toBe('#Pricing');
    await nav.getByRole('link', { name: 'Home' }).click();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    expect(new URL(page.url()).hash).toBe('');
  });

  test('away from the landing page the items navigate to /web with the fragment, which scrolls after load', async ({
    page,
  }) => {
    await page.goto('/some/other/page', { waitUntil: 'networkidle' });
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/web#FAQ');
    await expect(nav.getByRole('link', { name: 'Home' })).toHaveAttribute('href', '/web');
    await nav.getByRole('link', { name: 'FAQ' }).click();
    await expect(page).toHaveURL(/\/web#FAQ$/);
    await expect.poll(() => page.evaluate(inView('FAQ'))).toBe(true);
  });

  test('a fragment in the URL scrolls to its section', async ({ page }) => {
    await page.goto('/pt/web#Developers');
    await expect.poll(() => page.evaluate(inView('Developers'))).toBe(true);
  });

  test('the apps popover lists the products and closes on Escape, outside click, scroll and resize', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const button = page.getByRole('button', { name: 'Signet apps' });
    const panel = page.locator('[data-popover="apps"]');
    await button.click();
    await expect(panel).toBeVisible();
    // The validator is this app's own page, opened in the same tab.
    const validator = panel.locator('[data-app="validator"]');
    await expect(validator).toHaveAttribute('href', '/validator');
    await expect(validator).not.toHaveAttribute('target');
    await expect(validator).not.toContainText('Coming soon');
    // Web, Application and Webforms appear only when their EXTERNAL_*_URL is set, and then open in a new tab.
    for (const link of await panel.locator('[data-app]:not([data-app="validator"])').all()) {
      await expect(link).toHaveAttribute('target', '_blank');
    }
    await page.keyboard.press('Escape');
    await expect(panel).toBeHidden();

    await button.click();
    await expect(panel).toBeVisible();
    await page.mouse.click(640, 500);
    await expect(panel).toBeHidden();

    await button.click();
    await expect(panel).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(panel).toBeHidden();

    await scrollToTopAndSettle(page);
    await button.click();
    await expect(panel).toBeVisible();
    await page.setViewportSize({ width: 1260, height: 800 });
    await expect(panel).toBeHidden();
  });

  // The popover's code loads on first intent. Whenever it arrives (before the press, in the middle of it,
  // after it), one press opens the popover exactly once, with focus on its button so Escape closes it.
  for (const arrival of ['before the press', 'in the middle of the press', 'after the press'] as const) {
    test(`one press opens the apps popover once when its code arrives ${arrival}`, async ({ page }) => {
      await page.goto('/', { waitUntil: 'networkidle' });
      const chunks = await holdLazyChunks(page);
      const button = page.getByRole('button', { name: 'Signet apps' });
      const panel = page.locator('[data-popover="apps"]');
      await button.hover();
      await expect.poll(() => chunks.held()).toBeGreaterThan(0);
      if (arrival === 'before the press') {
        await chunks.release();
        await expect(realPopoverButton(page)).toHaveCount(1);
      }
      await page.mouse.down();
      if (arrival === 'in the middle of the press') {
        await chunks.release();
        await chunks.settled();
        // The real button does not replace the pressed placeholder before the press ends.
        await expect(realPopoverButton(page)).toHaveCount(0);
      }
      await page.mouse.up();
      if (arrival === 'after the press') await chunks.release();
      await expect(button).toHaveAttribute('aria-expanded', 'true');
      await expect(panel).not.toHaveAttribute('data-closed');
      await expect(panel).not.toHaveAttribute('data-enter');
      await expect(button).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(panel).toBeHidden();
      await expect(button).toHaveAttribute('aria-expanded', 'false');
    });
  }

  test('a right press on the apps placeholder neither opens it nor holds the real button back', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const chunks = await holdLazyChunks(page);
    const button = page.getByRole('button', { name: 'Signet apps' });
    await button.hover();
    await expect.poll(() => chunks.held()).toBeGreaterThan(0);
    await page.mouse.down({ button: 'right' });
    await chunks.release();
    await chunks.settled();
    await expect(realPopoverButton(page)).toHaveCount(1);
    await page.mouse.up({ button: 'right' });
    await expect(button).toHaveAttribute('aria-expanded', 'false');
  });

  test('the header is at most 72px high and offers Sign In', async ({ page }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    const header = page.getByRole('banner');
    expect((await header.boundingBox())?.height).toBeLessThanOrEqual(72);
    await expect(header.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/welcome');
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeHidden();
  });
});

test.describe('mobile header', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('the sidebar slides in full width and closes on the close button, an item and an outside mousedown', async ({
    page,
  }) => {
    await page.goto('/', { waitUntil: 'networkidle' });
    await expect(page.getByRole('navigation', { name: 'Main', exact: true })).toBeHidden();
    await expect(page.getByRole('button', { name: 'Signet apps' })).toBeHidden();
    const open = page.getByRole('button', { name: 'Open menu' });
    const sidebar = page.locator('#mobile-sidebar');
    await open.click();
    await expect(sidebar).toHaveAttribute('data-open', '');
    await expect(page.getByRole('button', { name: 'Close menu' })).toBeFocused();
    await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
    expect((await sidebar.boundingBox())?.width).toBe(375);
    const duration = await sidebar.evaluate((el) => getComputedStyle(el).transitionDuration);
    expect(duration).toMatch(/^0\.3s/);

    await page.getByRole('button', { name: 'Close menu' }).click();
    await expect(sidebar).not.toHaveAttribute('data-open');
    await expect(sidebar).toBeHidden();

    await open.click();
    await sidebar.getByRole('link', { name: 'Pricing' }).click();
    await expect(sidebar).not.toHaveAttribute('data-open');
    await expect.poll(() => page.evaluate(inView('Pricing'))).toBe(true);

    await open.click();
    await expect(sidebar).toHaveAttribute('data-open', '');
    await page.setViewportSize({ width: 800, height: 800 });
    await expect(sidebar).not.toHaveAttribute('data-open');
  });

  test('an outside mousedown closes the sidebar, which is not full width from 600px', async ({ page }) => {
    await page.setViewportSize({ width: 700, height: 800 });
    await page.goto('/', { waitUntil: 'networkidle' });
    const sidebar = page.locator('#mobile-sidebar');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(sidebar).toHaveAttribute('data-open', '');
    expect((await sidebar.boundingBox())?.width).toBeLessThan(700);
    await page.mouse.move(650, 400);
    await page.mouse.down();
    await expect(sidebar).not.toHaveAttribute('data-open');
    await page.mouse.up();
  });
});
