import { expect, expectNoHorizontalOverflow, setScheme, test } from '../fixtures';

for (const width of [375, 768, 1280, 1440]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`the landing page has no axe violations and no overflow at ${width}px, ${scheme}`, async ({
      page,
      makeAxeBuilder,
    }) => {
      // Reduced motion shows every section at once, so axe sees the whole page rather than the unrevealed parts.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/');
      await setScheme(page, scheme);
      await expectNoHorizontalOverflow(page);
      const results = await makeAxeBuilder().analyze();
      expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    });
  }
}

test('with motion, sections below the fold reveal from the side when 10% is in view', async ({
  page,
  makeAxeBuilder,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/', { waitUntil: 'networkidle' });
  const pricing = page.locator('#Pricing');
  await expect(pricing).toHaveClass(/reveal-armed/);
  await expect(pricing).not.toHaveClass(/\bvisible\b/);
  await pricing.scrollIntoViewIfNeeded();
  await expect(pricing).toHaveClass(/\bvisible\b/);
  // Sections on the first screen are never hidden.
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(page.locator('#Home')).not.toHaveClass(/reveal-armed/);
  await page.waitForTimeout(700);
  const results = await makeAxeBuilder().analyze();
  expect(results.violations.map((v) => v.id)).toEqual([]);
});

test('with prefers-reduced-motion nothing is hidden or animated', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/', { waitUntil: 'networkidle' });
  await expect(page.locator('.reveal-armed')).toHaveCount(0);
  expect(await page.locator('.marquee-track').evaluate((el) => getComputedStyle(el).animationName)).toBe('none');
});

test('the side dots scroll smoothly and highlight the section in the middle of the viewport', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/', { waitUntil: 'networkidle' });
  const dots = page.getByRole('navigation', { name: 'Page sections' }).getByRole('link');
  await expect(dots).toHaveCount(3);
  await expect(dots.first()).toHaveAttribute('aria-current', 'location');
  await page.getByRole('navigation', { name: 'Page sections' }).getByRole('link', { name: 'Customers' }).click();
  await expect
    .poll(() => page.evaluate(() => Math.abs(document.getElementById('Trusted')!.getBoundingClientRect().top - 72) < 4))
    .toBe(true);
  await expect(dots.nth(2)).toHaveAttribute('aria-current', 'location');
  await page.locator('#Solutions').evaluate((el) => el.scrollIntoView({ block: 'center' }));
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'location');
});
