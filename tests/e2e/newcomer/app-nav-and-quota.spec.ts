import type { Page } from '@playwright/test';
import { makePdf } from '../../fixtures/pdf-files';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, test, waitForHydration } from '../fixtures';
import { recordToasts } from '../toast-helpers';
import { finishTours } from '../tour-helpers';

const MARKETING = ['Home', 'Solutions', 'Pricing', 'Developers', 'FAQ'];
const ROOMS = ['dashboard', 'upload', 'validator'];

async function uploadByApi(page: Page, name: string): Promise<string> {
  const xsrf = (await page.context().cookies()).find(({ name: cookie }) => cookie === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/documents', {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    multipart: { file: { name, mimeType: 'application/pdf', buffer: await makePdf() } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { document: { doctoken: string } }).document.doctoken;
}

/** Every POST to an upload route from now on, and whether it carried a body. */
function watchUploads(page: Page) {
  const seen: { url: string; bytes: number }[] = [];
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (request.method() === 'POST' && (path === '/api/documents' || path === '/api/v1/documents'))
      seen.push({ url: path, bytes: request.postDataBuffer()?.byteLength ?? 0 });
  });
  return seen;
}

test.describe('signed in at 390 px', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('every app page reaches the dashboard in one tap of its menu, the app header has no marketing links, and a Free user sees the month’s use and is refused over it before the file is sent', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(120_000);
    await signInAsNew(page, 'app-nav', '/welcome');
    await finishTours(page);
    const token = await uploadByApi(page, 'first.pdf');

    const banner = page.getByRole('banner');
    const pages = ['/dashboard', `/document/${token}`, '/settings', '/account', '/validator'];
    for (const [index, path] of pages.entries()) {
      await page.goto(path);
      await waitForHydration(page);
      // The validator is public too: its header turns to the rooms once the session has answered.
      await expect(banner.locator('#mobile-sidebar [data-nav]')).toHaveCount(ROOMS.length);
      for (const nav of await banner.locator('[data-nav]').all())
        expect(ROOMS, path).toContain(await nav.getAttribute('data-nav'));
      for (const name of MARKETING)
        await expect(
          banner.getByRole('link', { name, exact: true, includeHidden: true }),
          `${path}: ${name}`,
        ).toHaveCount(0);
      await expectNoHorizontalOverflow(page);
      await page.getByRole('button', { name: 'Open menu' }).click();
      const sidebar = page.locator('#mobile-sidebar');
      await expect(sidebar).toHaveAttribute('data-open', '');
      if (index === 0) {
        // On the dashboard itself its link says so; the tap is tried from every other page.
        await expect(sidebar.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
        expect((await makeAxeBuilder().include('header').analyze()).violations).toEqual([]);
        await page.getByRole('button', { name: 'Close menu' }).click();
        continue;
      }
      await sidebar.getByRole('link', { name: 'Dashboard' }).click();
      await expect(page, `from ${path}`).toHaveURL(/\/dashboard$/);
    }

    // The dashboard shows the month's use, and that cancelled and declined documents count.
    const use = page.locator('[data-quota-use]');
    await expect(use).toContainText('1 of 5 documents this month');
    await expect(use).toContainText('cancelled, declined or deleted');

    // At 1280 px the same rooms are in the header's own nav; axe on it there too.
    await page.setViewportSize({ width: 1280, height: 800 });
    const nav = page.getByRole('navigation', { name: 'Main', exact: true });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('aria-current', 'page');
    await expect(nav.getByRole('link', { name: 'Upload' })).toHaveAttribute('href', '/welcome');
    await expect(nav.getByRole('link', { name: 'Validator' })).toHaveAttribute('href', '/validator');
    expect((await makeAxeBuilder().include('header').analyze()).violations).toEqual([]);
    await page.setViewportSize({ width: 390, height: 844 });

    // The month used up: /welcome says so, and the sixth file is refused without being sent.
    for (let index = 2; index <= 5; index++) await uploadByApi(page, `doc-${index}.pdf`);
    await page.goto('/welcome');
    await expect(page.locator('[data-quota-use]')).toContainText('5 of 5 documents this month');
    await expect(page.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
    const uploads = watchUploads(page);
    const seen = await recordToasts(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'sixth.pdf', mimeType: 'application/pdf', buffer: await makePdf() });
    const refusal = page.locator('[data-upload-quota]');
    await expect(refusal).toContainText('You have used all 5 documents of the Free plan this month.');
    expect(await seen(), 'the refusal is said on the page only').toEqual([]);
    // The upgrade lists only what Pro adds, not the audit trail and reminders every plan has.
    await expect(refusal.locator('[data-plan="pro"] li')).toHaveText(['Unlimited documents', 'Priority support']);
    await expect(refusal).not.toContainText('Audit trail');
    expect(uploads, 'no upload request was made').toEqual([]);
    await page.goto('/dashboard');
    await expect(page.locator('[data-quota-use]')).toContainText('5 of 5 documents this month');
  });
});
