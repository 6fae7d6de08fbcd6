import { expect, expectNoHorizontalOverflow, test, setScheme } from '../fixtures';

test('@smoke the home page serves in English at /', async ({ page }) => {
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toContainText('securely');
  await expect(page).toHaveTitle(/Signet/);
});

for (const [locale, word] of [
  ['pt', 'com segurança'],
  ['cs', 'bezpečně'],
  ['es', 'con seguridad'],
] as const) {
  test(`the home page reads in ${locale}`, async ({ page }) => {
    await page.goto(`/${locale}`);
    await expect(page.locator('html')).toHaveAttribute('lang', locale);
    await expect(page.getByRole('heading', { level: 1 })).toContainText(word);
  });
}

test('the legacy codes cz and sn redirect permanently', async ({ request }) => {
  for (const [from, to] of [
    ['/cz', '/cs'],
    ['/sn', '/es'],
    ['/cz/anything/deeper', '/cs/anything/deeper'],
  ]) {
    const response = await request.get(from ?? '', { maxRedirects: 0 });
    expect(response.status(), from).toBe(308);
    expect(new URL(response.headers().location ?? '', 'http://x').pathname).toBe(to);
  }
});

test('unknown pages show the localized not-found page with status 404', async ({ page }) => {
  const english = await page.goto('/no/such/page');
  expect(english?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page not found');
  // The site's footer, as on every public page: its links lead on from the dead end.
  const footer = page.getByRole('contentinfo');
  await expect(
    footer.getByRole('navigation', { name: 'Footer' }).getByRole('link', { name: 'Pricing' }),
  ).toHaveAttribute('href', '/pricing');
  const czech = await page.goto('/cs/no/such/page');
  expect(czech?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Stránka nenalezena');
  await expect(page.getByRole('contentinfo').getByRole('navigation')).toBeVisible();
  await page.getByRole('link', { name: 'Zpět na úvodní stránku' }).click();
  await expect(page).toHaveURL(/\/cs$/);
});

test('the theme follows the system until the user picks, and the pick survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.goto('/');
  const html = page.locator('html');
  await expect(html).toHaveClass(/\bdark\b/);
  const toggle = page.getByRole('button', { name: /^Theme: / });
  await expect(toggle).toHaveAccessibleName('Theme: System');
  await toggle.click();
  await expect(toggle).toHaveAccessibleName('Theme: Light');
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.reload();
  await expect(html).not.toHaveClass(/\bdark\b/);
  await page.getByRole('button', { name: 'Theme: Light' }).click();
  await expect(html).toHaveClass(/\bdark\b/);
  await page.emulateMedia({ colorScheme: 'light' });
  await page.reload();
  await expect(html).toHaveClass(/\bdark\b/);
});

for (const width of [375, 768, 1280]) {
  for (const scheme of ['light', 'dark'] as const) {
    // The home page's own axe runs, at these widths and 1440, are in marketing/a11y.spec.ts.
    test(`the 404 page has no axe violations and no overflow at ${width}px, ${scheme}`, async ({
      page,
      makeAxeBuilder,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/es/missing-page');
      await setScheme(page, scheme);
      await expectNoHorizontalOverflow(page);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    });
  }
}
