import { submitProviderForm, throwawayEmail } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, setScheme, test } from '../fixtures';

test('the footer’s Features and Pricing lead to pages that answer 200, in every language', async ({ page }) => {
  for (const prefix of ['', '/pt', '/cs', '/es']) {
    for (const path of ['/pricing', '/features', '/web/free']) {
      const response = await page.request.get(`${prefix}${path}`, { maxRedirects: 0 });
      expect(response.status(), `${prefix}${path}`).toBe(200);
    }
  }
  // The requests above left the Spanish locale cookie, which would send / to /es.
  await page.context().clearCookies();
  await page.goto('/');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
  await expect(footer.getByRole('link', { name: 'Features' })).toHaveAttribute('href', '/features');
});

for (const width of [390, 768, 1280]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('/pricing shows the three plans and what happens after choosing each', async ({ page }) => {
      await page.goto('/pricing');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Simple, Transparent Pricing');
      await expect(page.locator('[data-plan]')).toHaveCount(3);
      await expect(page.locator('[data-plan="pro"]')).toContainText('$29');
      await expect(page.locator('[data-plan="free"] a')).toHaveAttribute('href', '/welcome');
      await expect(page.locator('[data-plan="enterprise"] a')).toHaveAttribute('href', '/contact?topic=enterprise');
      const next = page.getByRole('region', { name: 'What happens next' });
      await expect(next).toContainText('Billing is not online yet');
      await expect(next.getByRole('link', { name: 'About the Free plan' })).toHaveAttribute('href', '/web/free');
      await expectNoHorizontalOverflow(page);
      await page.locator('[data-plan="pro"] a').click();
      await expect(page).toHaveURL(/\/contact\?plan=pro$/);
      await expect(page.getByText('You are asking about the Pro plan.')).toBeVisible();
    });

    test("/features lists every feature with a link to its page (the Validator's to the validator)", async ({
      page,
    }) => {
      await page.goto('/features');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Digital Solutions');
      // Five features have a page of their own; the Validator card opens the validator itself.
      const links = page.getByRole('main').locator('a[href^="/features/"]');
      await expect(links).toHaveCount(5);
      await expect(page.getByRole('main').locator('a[href="/validator"]')).toHaveCount(1);
      await expectNoHorizontalOverflow(page);
      await links.first().click();
      await expect(page).toHaveURL(/\/features\/free$/);
    });
  });
}

test('the landing page’s Choose Pro asks sales for Pro instead of sending to /welcome', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('#Pricing [data-plan="pro"] a')).toHaveAttribute('href', '/contact?plan=pro');
  await page.goto('/cs');
  await expect(page.locator('#Pricing [data-plan="pro"] a')).toHaveAttribute('href', '/cs/contact?plan=pro');
});

test('/web/free shows what the Free plan gives and starts it through sign-in', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto('/web/free');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Start signing for free');
  const main = page.getByRole('main');
  await expect(main).toContainText('Up to 5 documents per month');
  await expect(main).toContainText('No credit card required');
  await expectNoHorizontalOverflow(page);
  await main.getByRole('link', { name: 'Start for free' }).first().click();
  await submitProviderForm(page, throwawayEmail('free-start'));
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { name: 'Upload a document' })).toBeVisible();
});

for (const width of [390, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    test(`/pricing, /features and /web/free have no axe violations at ${width}px, ${scheme}`, async ({
      page,
      makeAxeBuilder,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/pricing');
      await setScheme(page, scheme);
      for (const path of ['/pricing', '/features', '/web/free']) {
        if (path !== '/pricing') await page.goto(path);
        await expectNoHorizontalOverflow(page);
        const results = await makeAxeBuilder().analyze();
        expect(results.violations.map((v) => `${path} ${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual(
          [],
        );
      }
    });
  }
}
