import type { Browser, Page } from '@playwright/test';
import { makeDocx } from '../../fixtures/office-files';
import { makePdf } from '../../fixtures/pdf-files';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, expectScheme, setScheme, storeScheme, test } from '../fixtures';
import { expectToastClearOfTabs, recordToasts } from '../toast-helpers';
import { finishTours } from '../tour-helpers';

// A 1×1 PNG: real image bytes under a .pdf name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const toasts = (page: Page) => page.locator('[data-sonner-toaster]');

/** The anti-forgery header our pages send, from the cookie the proxy set. */
async function xsrfHeaders(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  expect(cookie, 'XSRF-TOKEN cookie').toBeTruthy();
  return { 'X-XSRF-TOKEN': cookie?.value ?? '' };
}

/** Uploads through the API with the page's session, as a quick way to reach a state. */
async function uploadByApi(page: Page, name: string, buffer: Buffer, mimeType = 'application/pdf') {
  const response = await page.request.post('/api/documents', {
    headers: await xsrfHeaders(page),
    multipart: { file: { name, mimeType, buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { document: { doctoken: string } }).document.doctoken;
}

/** Drops a file built in the page from the given bytes onto the drop zone, as a browser's drag and drop does. */
async function dropFile(page: Page, file: { name: string; mimeType: string; bytes: Buffer } | null) {
  await page.locator('[data-drop-zone]').evaluate(
    (zone, data) => {
      const transfer = new DataTransfer();
      if (data) transfer.items.add(new File([new Uint8Array(data.bytes)], data.name, { type: data.mimeType }));
      for (const type of ['dragenter', 'dragover', 'drop']) {
        zone.dispatchEvent(new DragEvent(type, { dataTransfer: transfer, bubbles: true, cancelable: true }));
      }
    },
    file ? { name: file.name, mimeType: file.mimeType, bytes: [...file.bytes] } : null,
  );
}

/** A brand-new Free user on /welcome, once the upload controls are live (they stay disabled until hydration). */
async function signInToUpload(page: Page, prefix: string, path = '/welcome') {
  await signInAsNew(page, prefix, path);
  await finishTours(page); // uploads land in the workspace, whose tour would start there
  await expect(page.locator('section[aria-busy] button').last()).toBeEnabled();
}

async function newUserPage(browser: Browser, prefix: string) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await signInAsNew(page, prefix);
  await finishTours(page);
  return page;
}

test.describe('upload on /welcome', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a PDF through the file button: uploading toast, progress bar, success toast, then its page with the viewer', async ({
    page,
  }) => {
    await signInToUpload(page, 'ui-pdf');
    // Hold the request a moment so the in-flight state can be seen; the upload itself is real.
    await page.route('**/api/documents', async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    const chooser = page.waitForEvent('filechooser');
    await page.getByRole('button', { name: 'Choose a file' }).click();
    await (await chooser).setFiles({ name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makePdf(2) });

    await expect(toasts(page).getByText('Uploading document...')).toBeVisible();
    const progress = page.getByRole('progressbar', { name: 'Upload progress' });
    await expect(progress).toBeVisible();
    await expect(progress).toHaveAttribute('aria-valuenow', /^(\d|[1-9]\d|100)$/);
    await expect(page.locator('section[aria-busy="true"]')).toHaveCount(1);

    await expect(toasts(page).getByText('document uploaded!')).toBeVisible({ timeout: 15_000 });
    // The toast keeps clear of the workspace's tabs, which the owner reaches for next.
    await expectToastClearOfTabs(
      page,
      toasts(page).locator('[data-sonner-toast]').filter({ hasText: 'document uploaded!' }),
    );
    await expect(page).toHaveURL(/\/document\/[A-Za-z0-9_-]{32}$/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('contract.pdf');
    const details = page.getByRole('region', { name: 'Document details' });
    await expect(details.getByText('Draft', { exact: true })).toBeVisible();
    await expect(details.locator('dd').nth(3)).toHaveText('2');
    await expect(details.locator('code')).toHaveText(/^[0-9a-f]{12}…$/);
    const viewer = page.getByRole('region', { name: 'Pages of contract.pdf' });
    await expect(viewer.getByRole('group', { name: 'Page 1 of 2' }).locator('canvas')).toBeVisible({ timeout: 15_000 });
    expect(
      await viewer
        .locator('canvas')
        .first()
        .evaluate((canvas: HTMLCanvasElement) => canvas.width),
    ).toBeGreaterThan(100);

    // A PDF that cannot be fetched says so in place of the preview.
    await page.route('**/api/documents/*/pdf', (route) => route.fulfill({ status: 500, body: 'broken' }));
    await page.reload();
    await expect(page.getByText('The document could not be shown. You can still open the PDF.')).toBeVisible({
      timeout: 15_000,
    });
    await expect(page.getByRole('link', { name: 'Open the PDF' })).toBeVisible();
  });

  test('a .docx dropped on the drop zone is converted and lands on its page', async ({ page }) => {
    test.setTimeout(120_000);
    await signInToUpload(page, 'ui-docx');
    await dropFile(page, {
      name: 'letter.docx',
      mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
      bytes: await makeDocx('Letter from the upload test'),
    });
    await expect(toasts(page).getByText('Uploading document...')).toBeVisible();
    await expect(page).toHaveURL(/\/document\/[A-Za-z0-9_-]{32}$/, { timeout: 90_000 });
    await expect(toasts(page).getByText('document uploaded!')).toBeVisible();
    // Converted, it is a PDF: its name no longer claims .docx, the details say what it came from.
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('letter');
    await expect(page.getByText('Converted to PDF from letter.docx')).toBeVisible();
    await expect(
      page
        .getByRole('region', { name: /letter$/ })
        .locator('canvas')
        .first(),
    ).toBeVisible({ timeout: 15_000 });
    const pdf = await page.request.get(`${new URL(page.url()).pathname.replace('/document/', '/api/documents/')}/pdf`);
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  // A refusal stays on /welcome and is said once, on the page, where the plans are offered
  // (tests/e2e/newcomer/upload-refusals.spec.ts): no toast repeats it.
  test('a Free user’s 6th upload in a month is refused with the reason; the five stay on the dashboard', async ({
    page,
  }) => {
    await signInToUpload(page, 'ui-quota');
    const pdf = await makePdf();
    for (let i = 1; i <= 5; i++) await uploadByApi(page, `quota-${i}.pdf`, pdf);
    const seen = await recordToasts(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'sixth.pdf', mimeType: 'application/pdf', buffer: pdf });
    await expect(page.locator('[data-upload-quota]')).toContainText(
      'You have used all 5 documents of the Free plan this month.',
    );
    expect((await seen()).filter((text) => text.includes('not uploaded'))).toEqual([]);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/dashboard');
    await expect(page.getByRole('main').getByRole('listitem')).toHaveCount(5);
  });

  test('a PNG named .pdf is refused with the reason; a truncated PDF too', async ({ page }) => {
    await signInToUpload(page, 'ui-refused');
    const seen = await recordToasts(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(page.locator('[data-upload-error]')).toHaveText(
      'The file is named .pdf but its content is a .png file.',
    );
    await expect(page.locator('[data-upload-error]').getByRole('link')).toHaveCount(0);
    await expect(page).toHaveURL(/\/welcome$/);

    await expect(page.locator('section[aria-busy] button').last()).toBeEnabled();
    const whole = await makePdf();
    await dropFile(page, {
      name: 'cut.pdf',
      mimeType: 'application/pdf',
      bytes: whole.subarray(0, Math.floor(whole.length / 2)),
    });
    await expect(page.locator('[data-upload-error]')).toContainText(/damaged|truncated|incomplete/i);
    // Each reason was said once, on the page: no toast repeated it (the one for the upload under way is gone).
    expect(
      (await seen()).filter(
        (text) => text.includes('not uploaded') || /\.png file|damaged|truncated|incomplete/i.test(text),
      ),
    ).toEqual([]);
    await expect(toasts(page).getByText('Uploading document...')).toHaveCount(0);
    await expect(page).toHaveURL(/\/welcome$/);
    await page.goto('/dashboard');
    await expect(page.getByText('You have no documents yet.')).toBeVisible();
  });

  test('a drop without a file says so and stays; a file dropped beside the zone is ignored', async ({ page }) => {
    await signInToUpload(page, 'ui-nofile');
    const seen = await recordToasts(page);
    await dropFile(page, null);
    await expect(page.locator('[data-upload-error]')).toHaveText('No file was selected.');
    expect(await seen()).toEqual([]);
    await expect(page).toHaveURL(/\/welcome$/);
    await expect(page.getByRole('progressbar')).toHaveCount(0);

    // A file dropped beside the zone is neither opened by the browser (which would leave the app) nor uploaded.
    const refused = await page.getByRole('heading', { level: 1 }).evaluate((heading) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File(['%PDF-1.7'], 'beside.pdf', { type: 'application/pdf' }));
      return !heading.dispatchEvent(new DragEvent('drop', { dataTransfer: transfer, bubbles: true, cancelable: true }));
    });
    expect(refused).toBe(true);
    await expect(toasts(page).getByText('Uploading document...')).toHaveCount(0);
  });

  test('the source dropdown: at least 235 px wide, Desktop by default, choice kept in selectedUploadSource, others not available yet', async ({
    page,
  }) => {
    await signInToUpload(page, 'ui-source');
    const button = page.locator('[data-upload-source]');
    await expect(button).toHaveText('Desktop');
    expect(await page.evaluate(() => localStorage.getItem('selectedUploadSource'))).toBeNull();
    // offsetWidth: the layout width, not the one scaled by the opening transition.
    expect(await button.evaluate((element: HTMLElement) => element.offsetWidth)).toBeGreaterThanOrEqual(235);

    await button.click();
    const list = page.getByRole('listbox');
    await expect(list.getByRole('option')).toHaveText([
      'Google Drive',
      'Dropbox',
      'OneDrive',
      'Desktop',
      'Scan Document',
    ]);
    await expect(list.getByRole('option', { name: 'Desktop' })).toHaveAttribute('aria-selected', 'true');
    expect(await list.evaluate((element: HTMLElement) => element.offsetWidth)).toBeGreaterThanOrEqual(235);
    await list.getByRole('option', { name: 'Dropbox' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Dropbox is not available yet.' })).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('selectedUploadSource'))).toBe('dropbox');

    await page.reload();
    await expect(button).toHaveText('Dropbox');
    // The file button stays usable for Desktop uploads and is reachable by keyboard.
    const choose = page.getByRole('button', { name: 'Choose a file' });
    await expect(choose).toBeEnabled();
    await choose.focus();
    await expect(choose).toBeFocused();

    // By keyboard: Space opens the list (Headless UI), arrows move, Enter picks.
    await button.focus();
    await page.keyboard.press('Space');
    await expect(page.getByRole('option', { name: 'Dropbox' })).toHaveAttribute('aria-selected', 'true');
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('status').filter({ hasText: 'Scan Document is not available yet.' })).toBeVisible();
    await button.click();
    await page.getByRole('option', { name: 'Desktop' }).click();
    await expect(page.getByText(/is not available yet/)).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('selectedUploadSource'))).toBe('desktop');
  });

  test('the Portuguese page uploads in Portuguese', async ({ page }) => {
    await signInToUpload(page, 'ui-pt', '/pt/welcome');
    const seen = await recordToasts(page);
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.pdf', mimeType: 'application/pdf', buffer: PNG });
    await expect(page.locator('[data-upload-error]')).toContainText(
      'O conteúdo do arquivo não corresponde à sua extensão.',
    );
    expect((await seen()).filter((text) => text.includes('não carregado'))).toEqual([]);
    await expect(page).toHaveURL(/\/pt\/welcome$/);
  });
});

test('another user gets 404 for the document page and its PDF; signed out the PDF is 401', async ({
  page,
  browser,
  playwright,
}) => {
  await signInAsNew(page, 'ui-owner');
  const token = await uploadByApi(page, 'private.pdf', await makePdf());
  expect((await page.request.get(`/api/documents/${token}/pdf`)).status()).toBe(200);

  const other = await newUserPage(browser, 'ui-other');
  expect((await other.goto(`/document/${token}`))?.status()).toBe(404);
  const api = await other.request.get(`/api/documents/${token}/pdf`);
  expect(api.status()).toBe(404);
  expect(api.headers()['content-type']).toContain('application/problem+json');
  expect((await other.request.get('/api/documents/no-such-token/pdf')).status()).toBe(404);
  await other.context().close();

  const anonymous = await playwright.request.newContext({ baseURL: test.info().project.use.baseURL });
  const signedOut = await anonymous.get(`/api/documents/${token}/pdf`);
  expect(signedOut.status()).toBe(401);
  await anonymous.dispose();
});

const LAYOUTS = [375, 1280].flatMap((width) => (['light', 'dark'] as const).map((scheme) => ({ width, scheme })));

// One user for every layout, each layout a step (a failure still names it): a sign-in and an upload per layout cost
// about as much as the checks. /welcome is checked at every layout before the upload, so it is seen, as before,
// by a user without documents; then the one uploaded document at every layout.
test('/welcome and /document have no axe violations and no overflow at 375 and 1280 px, light and dark', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(LAYOUTS.length * 30_000);
  await signInAsNew(page, 'ui-a11y');
  await finishTours(page);
  for (const { width, scheme } of LAYOUTS) {
    await test.step(`/welcome at ${width}px, ${scheme}`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await setScheme(page, scheme);
      await expectNoHorizontalOverflow(page);
      const welcome = await makeAxeBuilder().analyze();
      expect(welcome.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    });
  }

  const token = await uploadByApi(page, 'a-rather-long-document-name-for-the-layout-check.pdf', await makePdf());
  for (const { width, scheme } of LAYOUTS) {
    await test.step(`/document at ${width}px, ${scheme}`, async () => {
      await page.setViewportSize({ width, height: 900 });
      await storeScheme(page, scheme);
      await page.goto(`/document/${token}`);
      await expectScheme(page, scheme);
      await expect(
        page
          .getByRole('region', { name: /^Pages of / })
          .getByRole('group', { name: 'Page 1 of 1' })
          .locator('canvas'),
      ).toBeVisible({ timeout: 15_000 });
      await expectNoHorizontalOverflow(page);
      const document = await makeAxeBuilder().analyze();
      expect(document.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
    });
  }
});
