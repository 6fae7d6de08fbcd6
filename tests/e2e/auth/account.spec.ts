import { expect, expectNoHorizontalOverflow, scrollToTopAndSettle, setScheme, test } from '../fixtures';
import { avatar, setProviderVariant, setTokenLifetime, signInAs, USERS } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('a non-admin gets 403 on Admin and no Admin item; the API answers 403 too', async ({ page }) => {
  await signInAs(page, 'bob');
  await avatar(page).click();
  await expect(page.locator('[data-popover="profile"]').getByRole('link', { name: 'Account' })).toBeVisible();
  await expect(page.locator('[data-popover="profile"]').getByRole('link', { name: 'Admin' })).toHaveCount(0);
  const response = await page.goto('/admin');
  expect(response?.status()).toBe(403);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  const api = await page.request.get('/api/admin/users');
  expect(api.status()).toBe(403);
  expect(api.headers()['content-type']).toContain('application/problem+json');
});

test('the admin opens Admin from the popover and sees the user list', async ({ page }) => {
  await signInAs(page, 'admin');
  await avatar(page).click();
  await page.locator('[data-popover="profile"]').getByRole('link', { name: 'Admin' }).click();
  await expect(page).toHaveURL(/\/admin$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  for (const user of Object.values(USERS)) await expect(page.getByRole('cell', { name: user.email })).toBeVisible();
});

test('the profile popover closes on Escape, outside click, scroll and resize, with the popover timings', async ({
  page,
}) => {
  await signInAs(page, 'alice', '/account');
  const panel = page.locator('[data-popover="profile"]');
  // Opened as a person sees it: shown, its entrance over (a press during the 120 ms entrance is not what is tested).
  const open = async () => {
    await avatar(page).click();
    await expect(panel).toBeVisible();
    await expect(panel).not.toHaveAttribute('data-transition');
  };
  await open();
  expect(await panel.evaluate((el) => el.className)).toMatch(/data-enter:duration-\[120ms\].*data-leave:duration-100/);
  await page.keyboard.press('Escape');
  await expect(panel).toBeHidden();
  await open();
  await page.mouse.click(640, 600);
  await expect(panel).toBeHidden();
  await page.setViewportSize({ width: 1280, height: 500 });
  await open();
  await page.mouse.wheel(0, 300);
  await expect(panel).toBeHidden();
  await scrollToTopAndSettle(page);
  await open();
  await page.setViewportSize({ width: 1260, height: 800 });
  await expect(panel).toBeHidden();
});

test('Account shows the claims; Settings saves the name (the avatar follows) and refuses an empty one', async ({
  page,
}) => {
  await signInAs(page, 'bob', '/account');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Account');
  await expect(page.getByText(USERS.bob.email)).toBeVisible();
  await expect(page.getByText('Brown', { exact: true })).toBeVisible();
  await page.getByRole('link', { name: 'Change your settings' }).click();
  const name = page.getByLabel('Display name');
  await expect(name).toHaveValue('Bob');
  await name.fill('  ');
  await page.getByRole('button', { name: 'Save settings' }).click();
  await expect(page.getByRole('status')).toContainText('Enter a display name.');
  try {
    await name.fill('Zoe');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
    await page.goto('/welcome');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Zoe');
    await expect(avatar(page)).toHaveText('Z');
  } finally {
    // Later tests expect Bob's own name back.
    await page.goto('/settings');
    await name.fill('Bob');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect(page.getByRole('status')).toHaveText('Settings saved.');
  }
  await page.getByRole('radio', { name: 'Dark' }).check();
  await expect(page.locator('html')).toHaveClass(/\bdark\b/);
  await expect(page.getByRole('button', { name: 'Theme: Dark' })).toBeVisible();
});

test('protected APIs answer 401 problem+json signed out; a session request without the anti-forgery header gets 403', async ({
  page,
}) => {
  const signedOut = await page.request.get('/api/me');
  expect(signedOut.status()).toBe(401);
  expect(signedOut.headers()['content-type']).toContain('application/problem+json');
  expect((await signedOut.json()).code).toBe('UNAUTHORIZED');

  await signInAs(page, 'alice');
  const me = await page.request.get('/api/me');
  expect((await me.json()).email).toBe(USERS.alice.email);
  const forged = await page.request.patch('/api/me', { data: { name: 'Mallory', locale: 'en' } });
  expect(forged.status()).toBe(403);
  expect(forged.headers()['content-type']).toContain('application/problem+json');
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  expect(cookie?.httpOnly).toBe(false);
  const wrong = await page.request.patch('/api/me', {
    data: { name: 'Mallory', locale: 'en' },
    headers: { 'X-XSRF-TOKEN': 'nope' },
  });
  expect(wrong.status()).toBe(403);
  const bad = await page.request.patch('/api/me', {
    data: { name: '', locale: 'xx' },
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
  });
  expect(bad.status()).toBe(400);
  expect((await page.request.get('/api/me')).ok()).toBe(true);
  expect((await (await page.request.get('/api/me')).json()).name).toBe('Alice');
  const session = (await page.context().cookies()).find((c) => c.name === 'authjs.session-token');
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe('Lax');
});

test('tokens refresh silently at 75 % of their lifetime; a refused refresh signs out without an error', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Tokens of 8 s: a refresh is due 6 s after it was issued.
  await setTokenLifetime(8);
  try {
    await signInAs(page, 'alice');
    const first = (await (await page.request.get('/api/auth/session')).json()) as { refreshAt: number };
    expect(first.refreshAt - Date.now()).toBeLessThanOrEqual(6_000);
    await page.waitForTimeout(Math.max(0, first.refreshAt - Date.now()) + 1_000);
    const second = (await (await page.request.get('/api/auth/session')).json()) as {
      refreshAt: number;
      user: { email: string };
    };
    expect(second.user.email).toBe(USERS.alice.email);
    // Refreshed (by the header's timer or by this request): new tokens, issued no earlier than the refresh fell due.
    expect(second.refreshAt - first.refreshAt).toBeGreaterThanOrEqual(6_000);
    await page.reload();
    await expect(avatar(page)).toHaveText('A');

    await setProviderVariant('refuse-refresh');
    // The header asks the session endpoint again when the refresh is due; the refusal ends our session.
    const due = (await (await page.request.get('/api/auth/session')).json()) as { refreshAt: number };
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible({
      timeout: Math.max(0, due.refreshAt - Date.now()) + 15_000,
    });
    await expect(avatar(page)).toHaveCount(0);
    expect(await (await page.request.get('/api/auth/session')).json()).toBeNull();
    // Signing in again works; the provider's own session makes it a silent round trip.
    await setProviderVariant('none');
    const response = await page.goto('/welcome');
    expect(response?.ok()).toBe(true);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(avatar(page)).toHaveText('A');
  } finally {
    await setProviderVariant('none');
    await setTokenLifetime(null);
  }
});

for (const scheme of ['light', 'dark'] as const) {
  test(`signed-in pages and sign-in errors have no axe violations or overflow (${scheme})`, async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    await signInAs(page, 'admin');
    await setScheme(page, scheme);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      // /welcome, /dashboard and /settings have their own axe runs with content in them, in both schemes at phone and
      // desktop widths (upload/upload-ui.spec.ts, dashboard/dashboard-a11y.spec.ts): not run again here.
      for (const url of ['/account', '/admin', '/es/welcome', '/sign-in?error=Configuration']) {
        await page.goto(url);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expectNoHorizontalOverflow(page);
        const results = await makeAxeBuilder().analyze();
        expect(results.violations, `${url} at ${width}px`).toEqual([]);
      }
    }
  });
}
