import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { createPrismaClient } from '@/lib/server/db/create-client';
import { signInAs, signInAsNew, throwawayEmail } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, shoot, startInScheme, test, waitForHydration } from '../fixtures';
import { finishTours } from '../tour-helpers';

// The app's own database (playwright.config.ts: DATA_DIR, or DATABASE_URL for the PostgreSQL run).
const databaseUrl =
  process.env.DATABASE_URL || `file:${path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e', 'signet.db')}`;

/** Users only the admin page of this test shows; named so their rows are easy to find. */
async function makeUsers(names: string[]) {
  const db = createPrismaClient(databaseUrl);
  try {
    return await Promise.all(
      names.map((name) =>
        db.user.create({ data: { email: throwawayEmail('doomed'), name: `${name} ${Date.now().toString(36)}` } }),
      ),
    );
  } finally {
    await db.$disconnect();
  }
}

const deleteButton = (page: Page, name: string) => page.getByRole('button', { name: `Delete ${name}` });
const dialog = (page: Page) => page.getByRole('alertdialog');
// The dialog's root has no size of its own (its layers are fixed): visibility and size are the panel's.
const panel = (page: Page) => page.locator('[data-dialog-panel]');

async function box(locator: Locator) {
  const rect = await locator.boundingBox();
  if (!rect) throw new Error('not rendered');
  return rect;
}

test.describe('the modal dialog and its confirmation presets', () => {
  test('delete-user at 1280 px: 760 px wide, footer in a row; overlay click keeps it, Escape and the close icon dismiss it; accept deletes', async ({
    page,
    makeAxeBuilder,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const [doomed, other] = await makeUsers(['Doomed Dora', 'Other Otto']);
    await signInAs(page, 'admin', '/admin');
    await waitForHydration(page);
    const row = page.getByRole('row').filter({ hasText: doomed!.email });

    await deleteButton(page, doomed!.name!).click();
    await expect(panel(page)).toBeVisible();
    await expect(dialog(page).getByRole('heading', { name: 'Delete this user?' })).toBeVisible();
    await expect(dialog(page)).toContainText(`${doomed!.name} and all of their documents will be deleted for good.`);
    await expect(panel(page)).toHaveAttribute('data-tone', 'danger');
    // Polled: the panel grows from 95 % as it opens.
    await expect.poll(async () => (await box(panel(page))).width).toBe(760);
    const [cancel, accept] = [
      dialog(page).getByRole('button', { name: 'Cancel' }),
      dialog(page).getByRole('button', { name: 'Delete user' }),
    ];
    expect((await box(cancel)).y).toBe((await box(accept)).y);
    // A danger preset starts on the safe answer.
    await expect(cancel).toBeFocused();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await page.mouse.click(20, 20);
    await page.waitForTimeout(300);
    await expect(panel(page)).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(dialog(page)).toHaveCount(0);
    await deleteButton(page, doomed!.name!).click();
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await deleteButton(page, doomed!.name!).click();
    await cancel.click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row).toBeVisible();

    // Opening another dialog closes the active one: only the second is left.
    await deleteButton(page, doomed!.name!).click();
    await expect(dialog(page)).toContainText(doomed!.name!);
    await deleteButton(page, other!.name!).evaluate((button: HTMLElement) => button.click());
    await expect(dialog(page)).toHaveCount(1);
    await expect(dialog(page)).toContainText(other!.name!);
    await expect(dialog(page)).not.toContainText(doomed!.name!);
    // The signpad's "closed" signal closes it (after 100 ms) as a dismissal: nothing is deleted.
    await page.evaluate(() => window.dispatchEvent(new Event('signet:signpad-closed')));
    await expect(dialog(page)).toHaveCount(0);

    await deleteButton(page, doomed!.name!).click();
    await accept.click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: `${doomed!.name} was deleted.` })).toBeVisible();
    await expect(row).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: other!.email })).toBeVisible();
    const users = (await (await page.request.get('/api/admin/users')).json()) as { users: { email: string }[] };
    expect(users.users.map((user) => user.email)).not.toContain(doomed!.email);
    expect(users.users.map((user) => user.email)).toContain(other!.email);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`delete-user is full-screen with a stacked footer at 390 px and 760 px wide at 1280 px (${scheme})`, async ({
      page,
      makeAxeBuilder,
    }) => {
      await startInScheme(page, scheme);
      await page.setViewportSize({ width: 390, height: 800 });
      const [user] = await makeUsers(['Small Screen Sam']);
      await signInAs(page, 'admin', '/admin');
      await waitForHydration(page);
      await deleteButton(page, user!.name!).click();
      await expect.poll(async () => box(panel(page))).toEqual({ x: 0, y: 0, width: 390, height: 800 });
      const buttons = async () => [
        await box(dialog(page).getByRole('button', { name: 'Cancel' })),
        await box(dialog(page).getByRole('button', { name: 'Delete user' })),
      ];
      // Polled too: the footer's buttons can still be a fraction of a pixel into their opening transition.
      await expect
        .poll(async () => buttons().then(([cancel, accept]) => [cancel!.x - accept!.x, cancel!.width - accept!.width]))
        .toEqual([0, 0]);
      const [cancel, accept] = await buttons();
      expect(accept!.y).toBeGreaterThan(cancel!.y + cancel!.height - 1);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `dialog-390-${scheme}`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);

      await page.setViewportSize({ width: 1280, height: 800 });
      await deleteButton(page, user!.name!).click();
      await expect.poll(async () => (await box(panel(page))).width).toBe(760);
      await shoot(page, `dialog-1280-${scheme}`);
      await page.keyboard.press('Escape');
      await expect(dialog(page)).toHaveCount(0);
    });
  }
});

test.describe('the dashboard’s guided tour', () => {
  const popover = (page: Page) => page.locator('[data-tour-popover]');

  test('shows on the first visit from step 0; Next, Done and Skip; remembered after a reload; Help reopens it', async ({
    page,
    makeAxeBuilder,
  }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await signInAsNew(page, 'tour', '/dashboard');
    await expect(popover(page)).toHaveAttribute('data-tour-step', '0');
    await expect(popover(page)).toContainText('Step 1 of 3');
    await expect(popover(page).getByRole('heading', { name: 'Start with a document' })).toBeVisible();
    // The highlight surrounds the upload button.
    const target = await box(page.locator('[data-tour="upload"]'));
    const spotlight = await box(page.locator('[data-tour-spotlight]'));
    expect(spotlight.x).toBeLessThan(target.x);
    expect(spotlight.x + spotlight.width).toBeGreaterThan(target.x + target.width);
    // Focus is in the popover and Tab keeps it there.
    const next = popover(page).getByRole('button', { name: 'Next' });
    await expect(next).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(popover(page).getByRole('button', { name: 'Skip tour' })).toBeFocused();
    await page.keyboard.press('Tab');
    await expect(next).toBeFocused();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);

    await next.click();
    await expect(popover(page)).toHaveAttribute('data-tour-step', '1');
    await popover(page).getByRole('button', { name: 'Next' }).click();
    await expect(popover(page)).toHaveAttribute('data-tour-step', '2');
    // The last step offers Done, not Next.
    await expect(popover(page).getByRole('button', { name: 'Next' })).toHaveCount(0);
    const saved = page.waitForResponse((response) => response.url().endsWith('/api/me/preferences'));
    await popover(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(popover(page)).toHaveCount(0);
    expect((await saved).status()).toBe(200);

    await page.reload();
    await waitForHydration(page);
    // The tour would start right after hydration: give it the time to show, were it going to.
    await page.waitForTimeout(500);
    await expect(popover(page)).toHaveCount(0);

    // Help: the tour again from step 0; no video is configured for the dashboard, so none is offered.
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Take the tour']);
    await page.getByRole('menuitem', { name: 'Take the tour' }).click();
    await expect(popover(page)).toHaveAttribute('data-tour-step', '0');
    await page.keyboard.press('Escape');
    await expect(popover(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Help' })).toBeFocused();
  });

  test('is stored on the user, not the browser: a tour finished elsewhere does not start here', async ({ page }) => {
    await signInAsNew(page, 'tour-elsewhere', '/welcome');
    // Another device finished it: the stored preference, through the API.
    await finishTours(page);
    await page.goto('/dashboard');
    await waitForHydration(page);
    await page.waitForTimeout(500);
    await expect(popover(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Help' })).toBeVisible();
  });

  for (const scheme of ['light', 'dark'] as const) {
    for (const width of [390, 1280]) {
      test(`fits the screen at ${width} px (${scheme}); Done on the last step is remembered`, async ({
        page,
        makeAxeBuilder,
      }) => {
        await startInScheme(page, scheme);
        await page.setViewportSize({ width, height: 800 });
        await signInAsNew(page, `tour-${width}-${scheme}`, '/dashboard');
        for (const step of [0, 1, 2]) {
          await expect(popover(page)).toHaveAttribute('data-tour-step', String(step));
          await expect(popover(page)).toBeInViewport({ ratio: 1 });
          await expectNoHorizontalOverflow(page);
          if (step === 0) {
            expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
            await shoot(page, `tour-${width}-${scheme}`);
          }
          if (step < 2) await popover(page).getByRole('button', { name: 'Next' }).click();
        }
        await popover(page).getByRole('button', { name: 'Done' }).click();
        await expect(popover(page)).toHaveCount(0);
        await expect
          .poll(
            async () =>
              ((await (await page.request.get('/api/me/preferences')).json()) as { toursDone: string[] }).toursDone,
          )
          .toEqual(['dashboard']);
        await page.reload();
        await waitForHydration(page);
        await expect(popover(page)).toHaveCount(0);
      });
    }
  }
});
