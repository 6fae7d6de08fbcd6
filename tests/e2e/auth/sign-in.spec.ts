import { expect, test } from '../fixtures';
import { avatar, idpUrl, setProviderVariant, setTokenLifetime, signInAs, submitProviderForm, USERS } from './helpers';

test.use({ viewport: { width: 1280, height: 800 } });

test('hero button → provider sign-in form → /welcome with the avatar letter; reload keeps the session', async ({
  page,
}) => {
  await page.goto('/');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await page.getByRole('link', { name: 'Sign your document' }).click();
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await submitProviderForm(page, USERS.alice.email);
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Welcome, Alice');
  await expect(avatar(page)).toHaveText('A');
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toHaveCount(0);
  await page.reload();
  await expect(page).toHaveURL(/\/welcome$/);
  await expect(avatar(page)).toHaveText('A');
  // The landing page stays static and still shows who is signed in.
  await page.goto('/');
  await expect(avatar(page)).toHaveText('A');
});

test('a wrong password is refused on the provider form, which says so; the form passes axe', async ({
  page,
  makeAxeBuilder,
}) => {
  await page.goto('/dashboard');
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await submitProviderForm(page, USERS.bob.email, 'wrong');
  await expect(page.getByRole('main').getByRole('alert')).toHaveText('Wrong email or password.');
  await expect(page.getByLabel('Email')).toHaveValue(USERS.bob.email);
  await expect(page.getByLabel('Password')).toBeFocused();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await page.getByLabel('Password').fill('signet-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(avatar(page)).toHaveText('B');
});

test('a protected page in another locale comes back to that page after sign-in', async ({ page }) => {
  await signInAs(page, 'bob', '/pt/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Painel');
});

test('Logout ends both sessions and returns to the landing page; /dashboard asks for sign-in again', async ({
  page,
}) => {
  await signInAs(page, 'alice');
  await avatar(page).click();
  const panel = page.locator('[data-popover="profile"]');
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(USERS.alice.email);
  await expect(panel.getByRole('link', { name: 'Admin' })).toHaveCount(0);
  await panel.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(avatar(page)).toHaveCount(0);
  await page.goto('/dashboard');
  // The provider session ended too: its form asks again instead of signing in silently.
  await expect(page).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
  await expect(page.getByLabel('Password')).toBeVisible();
});

test('the open-redirect attempt through callbackUrl lands on /welcome', async ({ page }) => {
  await page.goto('/api/auth/login?callbackUrl=https%3A%2F%2Fevil.example%2Fsteal');
  await submitProviderForm(page, USERS.bob.email);
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/welcome$/);
});

for (const [variant, label] of [
  ['wrong-issuer', 'a wrong issuer'],
  ['wrong-audience', 'a wrong audience'],
  ['wrong-nonce', 'a wrong nonce'],
  ['expired', 'an expired token'],
] as const) {
  test(`an ID token with ${label} leaves the user signed out with a clear message`, async ({ page }) => {
    await setProviderVariant(variant);
    try {
      await page.goto('/welcome');
      await submitProviderForm(page, USERS.alice.email);
      await expect(page).toHaveURL(/\/sign-in\?error=Configuration$/);
      const alert = page.getByRole('main').getByRole('alert');
      await expect(alert).toContainText('could not be verified');
      await expect(alert).toContainText('You are still signed out.');
      await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
      const session = await page.request.get('/api/auth/session');
      expect(await session.json()).toBeNull();
    } finally {
      await setProviderVariant('none');
    }
  });
}

test('a session ended at the provider ends ours at the next silent refresh, without an error', async ({
  page,
  context,
}) => {
  test.setTimeout(60_000);
  // Tokens of 8 s: the next refresh is due 6 s after sign-in.
  await setTokenLifetime(8);
  try {
    await signInAs(page, 'bob');
    // The header reads the session after hydration and shows "Sign In" until then:
    // wait for the avatar, or the check below would pass before anything happened.
    await expect(avatar(page)).toBeVisible();
    const { refreshAt } = (await (await page.request.get('/api/auth/session')).json()) as { refreshAt: number };
    expect(refreshAt - Date.now()).toBeLessThanOrEqual(6_000);
    // Log out at the provider directly, as from another application sharing it.
    const other = await context.newPage();
    await other.goto(`${idpUrl}/session/end`);
    await expect(other.getByRole('heading', { name: 'Signed out' })).toBeVisible();
    await other.close();
    await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible({
      timeout: Math.max(0, refreshAt - Date.now()) + 15_000,
    });
    await page.goto('/dashboard');
    await expect(page).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
  } finally {
    await setTokenLifetime(null);
  }
});
