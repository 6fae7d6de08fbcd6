import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { makePdf } from '../../fixtures/pdf-files';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, startInScheme, test } from '../fixtures';
import { expectToastClearOfTabs, recordToasts } from '../toast-helpers';
import { finishTours } from '../tour-helpers';

const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

async function signInToUpload(page: Page, prefix: string, path = '/welcome') {
  await signInAsNew(page, prefix, path);
  await finishTours(page); // an upload lands in the workspace, whose tour would start there
  await expect(page.locator('section[aria-busy] button').last()).toBeEnabled();
}

/** Counts the upload requests the page makes from now on. */
function countUploads(page: Page) {
  const seen: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === '/api/documents') seen.push(request.url());
  });
  return () => seen.length;
}

async function uploadByApi(page: Page, name: string, buffer: Buffer) {
  const xsrf = (await page.context().cookies()).find(({ name: cookie }) => cookie === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.post('/api/documents', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: { file: { name, mimeType: 'application/pdf', buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** A valid PDF of about `bytes` (random text on its pages, which does not compress away). */
async function largePdf(bytes: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Courier);
  const perPage = 20_000;
  for (let done = 0; done < bytes; done += perPage) {
    const page = doc.addPage([600, 800]);
    for (let line = 0; line < perPage / 100; line++) {
      const text = Array.from({ length: 100 }, () => String.fromCharCode(65 + Math.floor(Math.random() * 26))).join('');
      page.drawText(text, { x: 5, y: 790 - line * 4, size: 3, font });
    }
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

for (const width of [390, 768]) {
  test.describe(`at ${width}px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test('a file over the limit is refused in the browser before any byte is sent', async ({ page }) => {
      await signInToUpload(page, `big-${width}`);
      const uploads = countUploads(page);
      const seen = await recordToasts(page);
      // 25 MB (UPLOAD_MAX_BYTES' default) and one byte, made in the page: nothing this size crosses the test's wire either.
      await page.locator('[data-drop-zone]').evaluate((zone) => {
        const transfer = new DataTransfer();
        transfer.items.add(new File([new Uint8Array(25 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' }));
        for (const type of ['dragenter', 'dragover', 'drop'])
          zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      });
      // The size error, said once: on the page, not in a toast as well.
      await expect(page.locator('[data-upload-error]')).toContainText(
        'big.pdf: Invalid file size, maximum upload size is 25\u00a0MB.',
      );
      expect(await seen()).toEqual([]);
      expect(uploads()).toBe(0);
      await expect(page.getByRole('progressbar')).toHaveCount(0);
      await expect(page).toHaveURL(/\/welcome$/);
    });

    test('a refused upload keeps the user on /welcome with the reason', async ({ page }) => {
      await signInToUpload(page, `refused-${width}`);
      const seen = await recordToasts(page);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: Buffer.from('not a pdf at all') });
      await expect(page.locator('[data-upload-error]')).toContainText('The file is named .pdf but its content is');
      expect((await seen()).filter((text) => text.includes('not uploaded'))).toEqual([]);
      await page.waitForTimeout(1000);
      await expect(page).toHaveURL(/\/welcome$/);
      // The next try clears the old reason.
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'good.pdf', mimeType: 'application/pdf', buffer: await makePdf() });
      // The success toast keeps clear of the workspace's tabs (at the bottom on a phone, beside the pages from 768 px).
      await expectToastClearOfTabs(
        page,
        toasts(page).locator('[data-sonner-toast]').filter({ hasText: 'document uploaded!' }),
      );
      await expect(page).toHaveURL(/\/document\/[A-Za-z0-9_-]{32}$/);
    });

    test('an upload in progress can be cancelled, and the server keeps nothing', async ({ page }) => {
      test.setTimeout(90_000);
      await signInToUpload(page, `cancel-${width}`);
      const pdf = await largePdf(1_500_000);
      // A slow uplink (about 64 kB/s), so the upload is still under way when Cancel is pressed.
      const cdp = await page.context().newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: 64 * 1024,
      });
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'slow.pdf', mimeType: 'application/pdf', buffer: pdf });
      const progress = page.getByRole('progressbar', { name: 'Upload progress' });
      await expect(progress).toBeVisible();
      await expect
        .poll(async () => Number(await progress.getAttribute('aria-valuenow')), { timeout: 20_000 })
        .toBeGreaterThanOrEqual(10);
      await page.getByRole('button', { name: 'Cancel upload' }).click();
      await expect(toasts(page).getByText('Upload cancelled.')).toBeVisible();
      await expect(progress).toHaveCount(0);
      await expect(page).toHaveURL(/\/welcome$/);
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      // The controls are usable again; the server stored no document for the cut-off upload.
      await expect(page.getByRole('button', { name: 'Choose a file' })).toBeEnabled();
      await page.waitForTimeout(2000);
      await page.goto('/dashboard');
      await expect(page.getByText('You have no documents yet.')).toBeVisible();
    });

    test('a Free user’s sixth upload shows the plans and how to get Pro, without raw addresses', async ({ page }) => {
      await signInToUpload(page, `quota-${width}`);
      const pdf = await makePdf();
      for (let i = 1; i <= 5; i++) await uploadByApi(page, `quota-${i}.pdf`, pdf);
      const seen = await recordToasts(page);
      await page
        .locator('input[type=file]')
        .setInputFiles({ name: 'sixth.pdf', mimeType: 'application/pdf', buffer: pdf });
      const quota = page.locator('[data-upload-quota]');
      await expect(quota).toContainText('You have used all 5 documents of the Free plan this month.');
      expect(await seen()).toEqual([]);
      await expect(page).toHaveURL(/\/welcome$/);
      await expect(quota).toBeInViewport();
      await expect(page.locator('body')).not.toContainText('/#Pricing');
      await expect(quota.locator('[data-plan="pro"]')).toContainText('$29');
      await expect(quota.locator('[data-plan="pro"]')).toContainText('Unlimited documents');
      await expect(quota).toContainText('our sales team');
      await expect(quota.getByRole('link', { name: 'Compare all plans' })).toHaveAttribute('href', '/pricing');
      const request = quota.getByRole('link', { name: 'Request Pro' });
      await expect(request).toHaveCount(1);
      await request.click();
      await expect(page).toHaveURL(/\/contact\?plan=pro$/);
      await expect(page.getByLabel(/Topic/)).toHaveValue('SALES');
      await expect(page.getByText('You are asking about the Pro plan.')).toBeVisible();
    });
  });
}

test('the Portuguese quota refusal offers Pro in Portuguese', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToUpload(page, 'quota-pt', '/pt/welcome');
  const pdf = await makePdf();
  for (let i = 1; i <= 5; i++) await uploadByApi(page, `quota-${i}.pdf`, pdf);
  await page.locator('input[type=file]').setInputFiles({ name: 'sixth.pdf', mimeType: 'application/pdf', buffer: pdf });
  const quota = page.locator('[data-upload-quota]');
  await expect(quota.getByRole('link', { name: 'Pedir o Profissional' })).toHaveAttribute(
    'href',
    '/pt/contact?plan=pro',
  );
  await expect(page).toHaveURL(/\/pt\/welcome$/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the quota refusal has no axe violations at 390px, ${scheme}`, async ({ page, makeAxeBuilder }) => {
    await startInScheme(page, scheme);
    await page.setViewportSize({ width: 390, height: 900 });
    await signInToUpload(page, `quota-axe-${scheme}`);
    const pdf = await makePdf();
    for (let i = 1; i <= 5; i++) await uploadByApi(page, `quota-${i}.pdf`, pdf);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'sixth.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.locator('[data-upload-quota]')).toBeVisible();
    await expectNoHorizontalOverflow(page);
    const results = await makeAxeBuilder().include('main').analyze();
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });
}
