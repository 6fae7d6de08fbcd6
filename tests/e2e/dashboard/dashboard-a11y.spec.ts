import {
  expect,
  expectNoHorizontalOverflow,
  expectScheme,
  shoot,
  storeScheme,
  test,
  waitForHydration,
} from '../fixtures';
import { listAll, markPending, signInToDashboard, uploadDocuments } from './helpers';

/**
 * axe on /dashboard, Settings (API keys) and the API reference at 390 and
 * 1280 px, light and dark; on a phone the rows are cards whose actions stay
 * reachable. Screenshots go to test-results/ for a person to look at.
 */
const LAYOUTS = (['light', 'dark'] as const).flatMap((scheme) => [390, 1280].map((width) => ({ scheme, width })));

// One owner and one set of documents for every layout, each layout a step (a failure still names it): the owner's
// sign-in, uploads and first dashboard cost about as much as a layout's own checks. Nothing a step does changes
// what the next one sees but the API key each creates, which lists one more key on the next Settings page.
test('dashboard, settings and the API reference pass axe at 390 and 1280 px, light and dark', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(LAYOUTS.length * 120_000);
  await signInToDashboard(page, 'dash-a11y', '/dashboard');
  await uploadDocuments(page, ['Employment contract for a new colleague.pdf', 'NDA.pdf', 'Quote 2026-11.pdf']);
  const nda = (await listAll(page)).find((document) => document.name.startsWith('NDA'));
  markPending(nda?.id ?? '', { name: 'Nora Signer', email: 'nora@example.com' });

  for (const { scheme, width } of LAYOUTS) {
    await test.step(`${width}px, ${scheme}`, async () => {
      await storeScheme(page, scheme);
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/dashboard');
      await waitForHydration(page);
      await expectScheme(page, scheme);
      const rows = page.getByRole('list', { name: 'Your documents' }).getByRole('listitem');
      await expect(rows).toHaveCount(3);
      await expectNoHorizontalOverflow(page);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `dashboard-${width}-${scheme}`, { fullPage: true });

      // The actions of a card are reachable on a phone: the menu opens inside the viewport.
      await rows
        .filter({ hasText: 'NDA' })
        .getByRole('button', { name: /^Actions for / })
        .click();
      for (const item of await page.getByRole('menuitem').all()) await expect(item).toBeInViewport({ ratio: 1 });
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `dashboard-menu-${width}-${scheme}`);
      await page.getByRole('menuitem', { name: 'Cancel…' }).click();
      await expect(page.getByLabel('Reason (the recipients see it)')).toBeVisible();
      // A modal dialog makes the page behind it inert, so the check is of the dialog itself.
      expect((await makeAxeBuilder().include('[role="dialog"]').analyze()).violations).toEqual([]);
      await shoot(page, `dashboard-cancel-${width}-${scheme}`);
      await page.keyboard.press('Escape');

      await page.goto('/settings');
      await waitForHydration(page);
      const section = page.getByRole('region', { name: 'API keys' });
      await section.getByLabel('Name of a new key').fill('Accessibility check');
      await section.getByRole('button', { name: 'Create key' }).click();
      await expect(section.getByLabel('Secret key')).toBeVisible();
      await expectNoHorizontalOverflow(page);
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `settings-${width}-${scheme}`, { fullPage: true });

      await page.goto('/developers/api/reference');
      // Scalar's bundle is large: on a loaded 2-core machine its first render can take longer than one assertion's 5 s.
      await expect(page.locator('[data-api-reference]')).toContainText('List your documents, newest first', {
        timeout: 30_000,
      });
      expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
      await shoot(page, `reference-${width}-${scheme}`);
    });
  }
});
