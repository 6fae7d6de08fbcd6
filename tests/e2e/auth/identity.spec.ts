import { spawnSync } from 'node:child_process';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { avatar, signInAsNew, submitProviderForm } from './helpers';

/**
 * Identity, against the local provider's test accounts
 * (scripts/idp/accounts.ts): users are found by issuer + subject, an
 * unverified address links nothing, administrators are named by the
 * operator, and sessions end with deletion, "sign out everywhere" and demotion.
 */

// The app under test writes here (playwright.config.ts passes the same folder as DATA_DIR).
const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

function withDb<T>(work: (db: Database.Database) => T): T {
  const db = new Database(path.join(dataDir, 'signet.db'), { fileMustExist: true, timeout: 10_000 });
  db.pragma('foreign_keys = ON');
  try {
    return work(db);
  } finally {
    db.close();
  }
}

const identitiesOf = (email: string) =>
  withDb(
    (db) =>
      db
        .prepare(
          'SELECT i."subject" FROM "UserIdentity" i JOIN "User" u ON u."id" = i."userId" WHERE u."email" = ? ORDER BY i."subject"',
        )
        .all(email) as { subject: string }[],
  );

/** `npm run admin -- <args>` on the app's database, as an operator runs it. */
function admin(...args: string[]) {
  const result = spawnSync(process.execPath, ['scripts/db.mjs', 'admin', ...args], {
    env: { ...process.env, DATA_DIR: dataDir },
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
}

/** A second browser (own cookies, own provider session) signed in with `login` at the provider. */
async function otherBrowser(browser: Browser, login: string, path = '/welcome'): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await submitProviderForm(page, login);
  return page;
}

async function expectSessionEnded(page: Page, path: string) {
  await page.goto(path);
  await expect(page).toHaveURL(/\/sign-in\?error=SessionEnded/);
  await expect(page.getByRole('main').getByRole('alert')).toContainText('Your session has ended');
  expect((await page.request.get('/api/me')).status()).toBe(401);
}

test('a second provider account with the address unverified is refused and linked to nothing; a verified one links', async ({
  page,
  browser,
}) => {
  test.setTimeout(60_000);
  const email = await signInAsNew(page, 'owner');
  const local = email.split('@')[0];
  expect(identitiesOf(email)).toEqual([{ subject: `test-${local}` }]);

  const intruder = await otherBrowser(browser, `${local}@unverified.test.signet.localhost`);
  await expect(intruder).toHaveURL(/\/sign-in\?error=EmailInUse$/);
  await expect(intruder.getByRole('main').getByRole('alert')).toContainText('This address belongs to another account.');
  expect((await intruder.request.get('/api/me')).status()).toBe(401);
  expect(identitiesOf(email)).toEqual([{ subject: `test-${local}` }]);

  const sameOwner = await otherBrowser(browser, `${local}@second.test.signet.localhost`);
  await expect(sameOwner).toHaveURL(/\/welcome$/);
  expect((await (await sameOwner.request.get('/api/me')).json()).email).toBe(email);
  expect(identitiesOf(email)).toEqual([{ subject: `second-${local}` }, { subject: `test-${local}` }]);

  const stranger = await otherBrowser(browser, `nobody-${local}@unverified.test.signet.localhost`);
  await expect(stranger).toHaveURL(/\/sign-in\?error=EmailUnverified$/);
  await expect(stranger.getByRole('main').getByRole('alert')).toContainText(
    'did not confirm (verify) your email address',
  );
  expect(
    withDb(
      (db) => db.prepare('SELECT count(*) AS n FROM "User" WHERE "email" = ?').get(`nobody-${email}`) as { n: number },
    ).n,
  ).toBe(0);
});

test("a deleted user's session stops working at once on pages and APIs", async ({ page }) => {
  const email = await signInAsNew(page, 'deleted');
  expect((await page.request.get('/api/me')).ok()).toBe(true);
  withDb((db) => db.prepare('DELETE FROM "User" WHERE "email" = ?').run(email));
  // Not a fresh account made silently through the provider's session: the page says the session ended.
  await expectSessionEnded(page, '/dashboard');
  expect(
    withDb((db) => db.prepare('SELECT count(*) AS n FROM "User" WHERE "email" = ?').get(email) as { n: number }).n,
  ).toBe(0);
});

test('a session the session endpoint cleared first still says it ended on the next page, with no fresh account', async ({
  page,
}) => {
  const email = await signInAsNew(page, 'cleared');
  withDb((db) => db.prepare('DELETE FROM "User" WHERE "email" = ?').run(email));
  // What an open page's own session check does once SESSION_RECHECK_SECONDS have passed: the endpoint finds the
  // user gone and clears the cookie, before the visitor opens another page.
  await expect
    .poll(async () => (await page.request.get('/api/auth/session')).headers()['set-cookie'] ?? '', { timeout: 10_000 })
    .toMatch(/authjs\.session-token=;/);
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('authjs.session-token');
  await expectSessionEnded(page, '/dashboard');
  expect(
    withDb((db) => db.prepare('SELECT count(*) AS n FROM "User" WHERE "email" = ?').get(email) as { n: number }).n,
  ).toBe(0);
  // Said once: the way back signs in (here as a new account, the old one being deleted) and is not sent back here.
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('signet-session-ended');
  await page.getByRole('link', { name: 'Continue to sign-in' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('signing in again clears the session-ended marker, even when sign-in lands on a public page', async ({
  page,
  baseURL,
}) => {
  // Left by an earlier session's end, never shown: this sign-in lands on a page the proxy does not guard.
  await page
    .context()
    .addCookies([{ name: 'signet-session-ended', value: '1', url: baseURL!, httpOnly: true, sameSite: 'Lax' }]);
  await signInAsNew(page, 'marker', '/pricing');
  expect((await page.context().cookies()).map((cookie) => cookie.name)).not.toContain('signet-session-ended');
  // So a session that simply lapses later goes through sign-in again, not to "Your session has ended".
  await page.context().clearCookies({ name: /authjs\.session-token/ });
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('the proxy stops honouring a stale cookie once SESSION_RECHECK_SECONDS have passed, and clears it', async ({
  page,
}) => {
  const email = await signInAsNew(page, 'stale');
  // Keep the cookie as it was: no header asking the session endpoint (which would clear it) from here on.
  await page.route('**/api/auth/session', (route) => route.fulfill({ status: 503 }));
  await page.goto('/account');
  withDb((db) => db.prepare('UPDATE "User" SET "sessionVersion" = "sessionVersion" + 1 WHERE "email" = ?').run(email));
  await page.waitForTimeout(2_500); // SESSION_RECHECK_SECONDS in playwright.config.ts, plus a margin
  const redirect = await page.request.get('/dashboard', { maxRedirects: 0 });
  expect(redirect.status()).toBe(307);
  expect(redirect.headers().location).toMatch(/\/sign-in\?error=SessionEnded&callbackUrl=%2Fdashboard$/);
  expect(redirect.headers()['set-cookie']).toMatch(/authjs\.session-token=;/);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'authjs.session-token')).toBe(false);
});

test('"Sign out everywhere" in Settings ends the session in another browser too', async ({ page, browser }) => {
  test.setTimeout(60_000);
  const email = await signInAsNew(page, 'everywhere');
  const elsewhere = await otherBrowser(browser, email);
  await expect(elsewhere).toHaveURL(/\/welcome$/);
  expect((await elsewhere.request.get('/api/me')).ok()).toBe(true);

  await page.goto('/settings');
  await page.getByRole('button', { name: 'Sign out everywhere' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(avatar(page)).toHaveCount(0);

  await expectSessionEnded(elsewhere, '/dashboard');
  // The way back: sign in again (the provider's session there is still open) and the new session works.
  await elsewhere.getByRole('link', { name: 'Continue to sign-in' }).click();
  await expect(elsewhere).toHaveURL(/\/dashboard$/);
  expect((await elsewhere.request.get('/api/me')).ok()).toBe(true);
});

test('the operator grants and revokes the administrator role; demotion ends admin access', async ({ page }) => {
  test.setTimeout(90_000);
  const email = await signInAsNew(page, 'promoted');
  expect((await page.goto('/admin'))?.status()).toBe(403);
  admin('grant', email);
  await page.goto('/admin');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Users');
  expect((await page.request.get('/api/admin/users')).ok()).toBe(true);

  admin('revoke', email);
  await expectSessionEnded(page, '/admin');
  expect((await page.request.get('/api/admin/users')).status()).toBe(401);
  await page.getByRole('link', { name: 'Continue to sign-in' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Access denied');
  expect((await page.request.get('/api/admin/users')).status()).toBe(403);
});
