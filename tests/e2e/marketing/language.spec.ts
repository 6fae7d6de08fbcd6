import { expect, test } from '../fixtures';

test('the language selector preselects the current language and keeps the path and fragment', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/web', { waitUntil: 'networkidle' });
  await page.getByRole('navigation', { name: 'Main', exact: true }).getByRole('link', { name: 'Pricing' }).click();
  await expect(page).toHaveURL(/\/web#Pricing$/);

  const select = page.getByRole('button', { name: 'Language: English' });
  await expect(select.locator('img')).toHaveAttribute('src', /\/flags\/gb\.svg$/);
  await select.click();
  const options = page.getByRole('option');
  await expect(options).toHaveCount(4);
  await expect(page.getByRole('option', { name: 'English' })).toHaveAttribute('aria-selected', 'true');
  await page.getByRole('option', { name: 'Čeština' }).click();

  await expect(page).toHaveURL(/\/cs\/web#Pricing$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'cs');
  await expect(page.locator('#Pricing h2')).toHaveText('Jednoduché a přehledné ceny');
  const czech = page.getByRole('button', { name: 'Jazyk: Čeština' });
  await expect(czech.locator('img')).toHaveAttribute('src', /\/flags\/cz\.svg$/);

  await czech.click();
  await page.getByRole('option', { name: 'Español' }).click();
  await expect(page).toHaveURL(/\/es\/web#Pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('con seguridad');
});

test('switching language on another page keeps that page', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/pt/some/other/page#Part', { waitUntil: 'networkidle' });
  await page.getByRole('button', { name: 'Idioma: Português' }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page).toHaveURL(/\/some\/other\/page#Part$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

for (const flag of ['gb', 'pt', 'cz', 'es']) {
  test(`the ${flag} flag is served from public/flags`, async ({ request }) => {
    const response = await request.get(`/flags/${flag}.svg`);
    expect(response.status()).toBe(200);
    expect(await response.text()).toContain('<svg');
  });
}
