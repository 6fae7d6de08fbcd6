import { request as newRequest } from '@playwright/test';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, shoot, test, waitForHydration } from '../fixtures';
import { toasts } from './helpers';

const SCOPES = [
  'documents:read',
  'documents:write',
  'templates:read',
  'templates:write',
  'webhooks:manage',
  'team:manage',
];

/**
 * Settings → API keys: the scopes a new key may use (all by default), whether
 * "Sign out everywhere" ends it (off by default), each key's scopes in the
 * list, and the revoke dialog saying the key's webhooks stop too; axe and a
 * screenshot of each at 390 and 1280 px.
 */
for (const width of [390, 1280]) {
  test(`choose a key's scopes and its end, see them listed, revoke it (${width}px)`, async ({
    page,
    baseURL,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: 900 });
    await signInAsNew(page, `scopes-${width}`, '/settings');
    await waitForHydration(page);
    const section = page.getByRole('region', { name: 'API keys' });
    const scopes = section.getByRole('group', { name: 'What the key may do' });
    for (const scope of SCOPES) await expect(scopes.getByRole('checkbox', { name: new RegExp(scope) })).toBeChecked();
    const ends = section.getByRole('checkbox', { name: 'Revoke this key when I use “Sign out everywhere”' });
    await expect(ends).not.toBeChecked();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await shoot(page, `create-${width}`, { fullPage: true });

    // No scope at all is refused in place, and nothing is created.
    await section.getByLabel('Name of a new key').fill('Reader');
    for (const scope of SCOPES) await scopes.getByRole('checkbox', { name: new RegExp(scope) }).uncheck();
    await section.getByRole('button', { name: 'Create key' }).click();
    await expect(scopes.getByRole('alert')).toHaveText('Choose at least one thing the key may do.');
    await expect(section.getByText('You have no API keys yet.')).toBeVisible();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await scopes.getByRole('checkbox', { name: /documents:read/ }).check();
    await expect(scopes.getByRole('alert')).toHaveCount(0);
    await ends.check();
    await section.getByRole('button', { name: 'Create key' }).click();
    const secret = await section
      .getByRole('region', { name: 'Your new key “Reader”' })
      .getByLabel('Secret key')
      .inputValue();
    const item = section
      .getByRole('list', { name: 'Your API keys' })
      .getByRole('listitem')
      .filter({ hasText: 'Reader' })
      .first();
    await expect(item.getByRole('group', { name: 'What “Reader” may do' }).locator('code')).toHaveText([
      'documents:read',
    ]);
    await expect(item).toContainText('ends with “Sign out everywhere”');
    // The form is back to its defaults for the next key.
    await expect(scopes.getByRole('checkbox', { name: /webhooks:manage/ })).toBeChecked();
    await expect(ends).not.toBeChecked();
    await expectNoHorizontalOverflow(page);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await shoot(page, `listed-${width}`, { fullPage: true });

    // The key reads, and is refused what it was not given, naming the scope.
    const api = await newRequest.newContext({ baseURL });
    const bearer = { authorization: `Bearer ${secret}` };
    expect((await api.get('/api/v1/documents', { headers: bearer })).status()).toBe(200);
    const refused = await api.post('/api/v1/webhooks', {
      headers: bearer,
      data: { url: 'https://hooks.example.com/x', events: ['document.sent'] },
    });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ code: 'MISSING_SCOPE', scope: 'webhooks:manage' });

    await section.getByRole('button', { name: 'Revoke Reader' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(
      'Webhooks registered with this key are disabled too: they receive no more events.',
    );
    expect((await makeAxeBuilder().include('[role="dialog"]').analyze()).violations).toEqual([]);
    await shoot(page, `revoke-${width}`);
    await dialog.getByRole('button', { name: 'Revoke', exact: true }).click();
    await expect(toasts(page).getByText('The key “Reader” was revoked.')).toBeVisible();
    expect((await api.get('/api/v1/documents', { headers: bearer })).status()).toBe(401);
    await api.dispose();
  });
}

test('"Sign out everywhere" revokes the keys chosen to end with it; the others keep working', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNew(page, 'scopes-everywhere', '/settings');
  await waitForHydration(page);
  const section = page.getByRole('region', { name: 'API keys' });
  const create = async (name: string, endsWithSessions: boolean) => {
    await section.getByLabel('Name of a new key').fill(name);
    if (endsWithSessions)
      await section.getByRole('checkbox', { name: 'Revoke this key when I use “Sign out everywhere”' }).check();
    await section.getByRole('button', { name: 'Create key' }).click();
    const created = section.getByRole('region', { name: `Your new key “${name}”` });
    const secret = await created.getByLabel('Secret key').inputValue();
    await created.getByRole('button', { name: 'I have stored it' }).click();
    return secret;
  };
  const ending = await create('Laptop script', true);
  const staying = await create('CRM integration', false);
  await expect(page.getByRole('region', { name: 'Sign out everywhere' })).toContainText('your other keys keep working');

  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).not.toHaveURL(/\/settings$/);
  const api = await newRequest.newContext({ baseURL });
  const status = async (secret: string) =>
    (await api.get('/api/v1/documents', { headers: { authorization: `Bearer ${secret}` } })).status();
  expect(await status(ending)).toBe(401);
  expect(await status(staying)).toBe(200);
  await api.dispose();
});
