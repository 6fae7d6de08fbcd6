import { avatar, signInAsNew } from '../auth/helpers';
import { expect, test, waitForHydration } from '../fixtures';

for (const width of [390, 768, 1280]) {
  test(`the profile menu reaches the Dashboard at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 800 });
    await signInAsNew(page, `profile-${width}`, '/settings');
    await avatar(page).click();
    const panel = page.locator('[data-popover="profile"]');
    await expect(panel.getByRole('link')).toHaveText(['Dashboard', 'Account', 'Settings']);
    await expect(panel).toBeInViewport({ ratio: 1 });
    await panel.getByRole('link', { name: 'Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
  });
}

test('the profile menu’s Dashboard item is translated', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInAsNew(page, 'profile-pt', '/pt/account');
  await page.getByRole('banner').locator('[data-avatar]').click();
  await expect(page.locator('[data-profile-item="dashboard"]')).toHaveText('Painel');
  await expect(page.locator('[data-profile-item="dashboard"]')).toHaveAttribute('href', '/pt/dashboard');
});

for (const width of [390, 768]) {
  test(`Settings switches the language to Portuguese and back to English at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAsNew(page, `locale-${width}`, '/settings');
    const language = page.locator('#settings-locale');
    await expect(language).toHaveValue('en');

    // A choice made before hydration would be reset by React: wait for it.
    await waitForHydration(page);
    await language.selectOption('pt');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page).toHaveURL(/\/pt\/settings$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
    await expect(language).toHaveValue('pt');

    await waitForHydration(page);
    await language.selectOption('en');
    await page.getByRole('button', { name: 'Guardar definições' }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/settings$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(language).toHaveValue('en');

    // English is remembered: unprefixed addresses stay English on the next visit.
    await page.goto('/dashboard');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.goto('/');
    expect(new URL(page.url()).pathname).toBe('/');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });
}
