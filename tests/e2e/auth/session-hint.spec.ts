import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { avatar, signInAs } from './helpers';

const HINT_KEY = 'signet.signedIn';

function signInLink(page: Page) {
  // includeHidden: an invisible link is still in the DOM, which is the point of the checks.
  return page.getByRole('banner').getByRole('link', { name: 'Sign In', includeHidden: true });
}

/** Holds the header's session request until the returned function is called. */
async function holdSessionAnswer(page: Page) {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/session', async (route) => {
    await gate;
    await route.continue();
  });
  return release;
}

test('a signed-in visitor never sees "Sign In" while the header asks for the session', async ({ page }) => {
  await signInAs(page, 'alice');
  await expect(avatar(page)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), HINT_KEY)).toBe('1');

  const release = await holdSessionAnswer(page);
  await page.goto('/legal');
  await expect(page.locator('html')).toHaveAttribute('data-session-hint', 'in');
  await expect(signInLink(page)).toBeAttached();
  await expect(signInLink(page)).toBeHidden();
  release();
  await expect(avatar(page)).toBeVisible();
  await expect(page.locator('html')).not.toHaveAttribute('data-session-hint', /./);
});

test('a signed-out visitor sees "Sign In" at once, and a stale hint gives way to it', async ({ page }) => {
  const release = await holdSessionAnswer(page);
  await page.goto('/legal');
  await expect(signInLink(page)).toBeVisible();
  release();

  // A hint left behind (the session ended elsewhere): hidden only until the answer says nobody.
  // Set as the next document starts, so the answer still pending on this page cannot clear it.
  await page.addInitScript((key) => localStorage.setItem(key, '1'), HINT_KEY);
  const releaseAgain = await holdSessionAnswer(page);
  await page.goto('/about');
  await expect(signInLink(page)).toBeHidden();
  releaseAgain();
  await expect(signInLink(page)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), HINT_KEY)).toBeNull();
});

test('logging out forgets the hint', async ({ page }) => {
  await signInAs(page, 'bob');
  await avatar(page).click();
  await page.locator('[data-popover="profile"]').getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/$/);
  await expect(signInLink(page)).toBeVisible();
  expect(await page.evaluate((key) => localStorage.getItem(key), HINT_KEY)).toBeNull();
});
