import { request as newRequest } from '@playwright/test';
import { signInAsNew } from '../auth/helpers';
import { expect, test, waitForHydration } from '../fixtures';
import { toasts, uploadDocuments } from './helpers';

/**
 * Settings → API keys: create (the secret shown once, copied), use it as an
 * integrator would (Bearer, no cookies), see it marked used, revoke it (401).
 */
test('create a key, copy it, call the API with it, revoke it', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNew(page, 'keys', '/settings');
  await uploadDocuments(page, ['Keyed.pdf']);
  await page.reload();
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'API keys' });
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();
  await expect(section.getByRole('link', { name: 'Read the API reference' })).toHaveAttribute(
    'href',
    '/developers/api/reference',
  );

  // A nameless key is refused in place.
  await section.getByRole('button', { name: 'Create key' }).click();
  await expect(section.getByRole('alert')).toHaveText('Give the key a name.');

  await section.getByLabel('Name of a new key').fill('CI pipeline');
  await section.getByRole('button', { name: 'Create key' }).click();
  const created = section.getByRole('region', { name: 'Your new key “CI pipeline”' });
  await expect(created).toContainText('this is the only time it is shown');
  const secret = await created.getByLabel('Secret key').inputValue();
  expect(secret).toMatch(/^sgn_[\w-]{43}$/);
  await created.getByRole('button', { name: 'Copy' }).click();
  await expect(toasts(page).getByText('The key was copied.')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);

  const item = section.getByRole('list', { name: 'Your API keys' }).getByRole('listitem');
  await expect(item).toHaveCount(1);
  await expect(item).toContainText('CI pipeline');
  await expect(item).toContainText(`${secret.slice(0, 12)}…`);
  await expect(item).toContainText('never used');

  // An integrator's call: the Bearer key alone, no session cookie.
  const api = await newRequest.newContext({ baseURL });
  const listed = await api.get('/api/v1/documents', { headers: { authorization: `Bearer ${secret}` } });
  expect(listed.status()).toBe(200);
  const names = ((await listed.json()) as { items: { name: string }[] }).items.map((document) => document.name);
  expect(names.some((name) => name.startsWith('Keyed'))).toBe(true);

  // Shown once: after a reload the secret is nowhere on the page, and the key shows it was used.
  await page.reload();
  await expect(section.getByRole('region', { name: /Your new key/ })).toHaveCount(0);
  expect(await page.content()).not.toContain(secret);
  await expect(item).toContainText('last used');

  // Revoke, confirmed in the dialog; the key stops working at once.
  await section.getByRole('button', { name: 'Revoke CI pipeline' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Revoke the key “CI pipeline”?');
  await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
  await expect(toasts(page).getByText('The key “CI pipeline” was revoked.')).toBeVisible();
  await expect(section.getByText('You have no API keys yet.')).toBeVisible();
  const refused = await api.get('/api/v1/documents', { headers: { authorization: `Bearer ${secret}` } });
  expect(refused.status()).toBe(401);
  expect(refused.headers()['content-type']).toContain('application/problem+json');
  await api.dispose();
});
