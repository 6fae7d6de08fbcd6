import type { Page } from '@playwright/test';
import { signInAsNew } from '../auth/helpers';
import { expect, test, waitForHydration } from '../fixtures';

/**
 * The hamburger's panel must cover the whole viewport, not only the header it
 * lives in: a `backdrop-filter` on the header made the header the containing
 * block of the fixed panel, which then was 72 px tall.
 */
async function openMenu(page: Page) {
  await waitForHydration(page);
  await page.getByRole('button', { name: 'Open menu' }).click();
  const sidebar = page.locator('#mobile-sidebar');
  await expect(sidebar).toHaveAttribute('data-open', '');
  await expect.poll(async () => (await sidebar.boundingBox())?.x).toBe(0);
  return sidebar;
}

async function expectCoversViewport(page: Page) {
  const viewport = page.viewportSize();
  const box = await page.locator('#mobile-sidebar').boundingBox();
  expect(box?.y).toBe(0);
  expect(box?.height).toBe(viewport?.height);
  // Every link of the panel is on screen and is the element a tap there reaches.
  for (const link of await page.locator('#mobile-sidebar nav a').all()) {
    await expect(link).toBeInViewport({ ratio: 1 });
    const hit = await link.evaluate((element) => {
      const rect = element.getBoundingClientRect();
      return element.contains(document.elementFromPoint(rect.x + rect.width / 2, rect.y + rect.height / 2));
    });
    expect(hit).toBe(true);
  }
}

for (const width of [390, 768]) {
  test.describe(`menu panel at ${width}px`, () => {
    test.use({ viewport: { width, height: 800 } });

    test('on the landing page it covers the viewport and its links scroll to their section', async ({ page }) => {
      await page.goto('/');
      const sidebar = await openMenu(page);
      await expectCoversViewport(page);
      // The backdrop beside a partial-width panel covers the rest of the page.
      const backdrop = await page
        .locator('#mobile-sidebar')
        .evaluate((panel) => (panel.previousElementSibling as HTMLElement).getBoundingClientRect().height);
      expect(backdrop).toBe(800);
      await sidebar.getByRole('link', { name: 'FAQ' }).click();
      await expect(sidebar).not.toHaveAttribute('data-open');
      await expect
        .poll(() => page.evaluate(() => Math.round(document.getElementById('FAQ')?.getBoundingClientRect().top ?? -1)))
        .toBeLessThan(120);
    });

    // Signed in, the menu leads to the workspace's rooms (the landing page's sections stay on the public pages).
    test('in the app it covers the viewport and a link leads to its page', async ({ page }) => {
      await signInAsNew(page, `menu-${width}`, '/dashboard');
      const sidebar = await openMenu(page);
      await expectCoversViewport(page);
      await sidebar.getByRole('link', { name: 'Upload' }).click();
      await expect(page).toHaveURL(/\/welcome$/);
      await expect(page.getByRole('heading', { name: 'Upload a document' })).toBeInViewport();
    });
  });
}
