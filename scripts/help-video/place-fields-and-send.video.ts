import { writeFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { makeTextPdf } from '@/tests/fixtures/viewer-pdfs';
import { signInAsNew } from '@/tests/e2e/auth/helpers';
import { finishTours } from '@/tests/e2e/tour-helpers';

/**
 * The workspace walkthrough of the Help menu: a signature, a name and a date
 * placed for one signer, who is added first, then the document sent. Paced
 * for a person to follow; a drawn pointer stands in for the mouse, which
 * headless recordings do not show. Writes the raw recording and where the
 * workspace became visible to HELP_VIDEO_OUT (a .webm path; .json beside it).
 */
const SIZE = { width: 1280, height: 720 };
const out = process.env.HELP_VIDEO_OUT ?? '.test-data/help-video/raw.webm';

// A pointer drawn where the mouse is, above everything (pointer-events: none).
const POINTER = `addEventListener('DOMContentLoaded', () => {
  const dot = document.createElement('div');
  dot.setAttribute('aria-hidden', 'true');
  dot.style.cssText = 'position:fixed;z-index:2147483647;pointer-events:none;width:22px;height:22px;margin:-3px 0 0 -3px;left:-40px;top:-40px;transition:transform 80ms';
  dot.innerHTML = '<svg viewBox="0 0 24 24" width="22" height="22"><path d="M3 2l7 19 3-8 8-3z" fill="#111" stroke="#fff" stroke-width="1.5"/></svg>';
  document.body.append(dot);
  addEventListener('pointermove', (e) => { dot.style.left = e.clientX + 'px'; dot.style.top = e.clientY + 'px'; }, true);
  addEventListener('pointerdown', () => { dot.style.transform = 'scale(0.8)'; }, true);
  addEventListener('pointerup', () => { dot.style.transform = ''; }, true);
});`;

let last = { x: SIZE.width / 2, y: SIZE.height / 2 };
async function glide(page: Page, x: number, y: number, steps = 20) {
  await page.mouse.move(x, y, { steps });
  last = { x, y };
}
async function clickOn(page: Page, locator: ReturnType<Page['locator']>) {
  const box = (await locator.boundingBox())!;
  await glide(page, box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForTimeout(150);
  await locator.click();
}

test('place fields and send', async ({ browser }) => {
  // Signed in and the document uploaded outside the recording.
  const setup = await browser.newContext({ viewport: SIZE });
  const page0 = await setup.newPage();
  await signInAsNew(page0, 'help-video');
  await finishTours(page0);
  const xsrf = decodeURIComponent((await setup.cookies()).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '');
  const upload = await page0.request.post('/api/documents', {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: { file: { name: 'Service agreement.pdf', mimeType: 'application/pdf', buffer: await makeTextPdf(2) } },
  });
  expect(upload.status()).toBe(201);
  const { doctoken } = ((await upload.json()) as { document: { doctoken: string } }).document;
  const storageState = await setup.storageState();
  await setup.close();

  const context = await browser.newContext({
    viewport: SIZE,
    storageState,
    recordVideo: { dir: `${out}.parts`, size: SIZE },
  });
  const started = Date.now();
  await context.addInitScript(POINTER);
  const page = await context.newPage();
  await page.goto(`/document/${doctoken}`);
  await expect(page.locator('[data-document-viewer][data-first-page-painted]')).toBeAttached({ timeout: 30_000 });
  // The pages, not the details above them, fill the view.
  await page.locator('[data-tour="pages"]').evaluate((element) => element.scrollIntoView({ block: 'start' }));
  await page.mouse.move(last.x, last.y);
  const visibleAt = (Date.now() - started) / 1000;
  await page.waitForTimeout(900);

  // Who signs.
  await clickOn(page, page.getByRole('tab', { name: 'Recipients' }));
  await clickOn(page, page.getByRole('button', { name: 'Add recipient' }));
  const row = page.locator('[data-recipient-key]').last();
  await row.getByLabel('Name').pressSequentially('Ana Silva', { delay: 60 });
  await clickOn(page, row.getByLabel('Email'));
  await row.getByLabel('Email').pressSequentially('ana.silva@example.com', { delay: 40 });
  await page.waitForTimeout(500);

  // Three fields dragged onto the first page.
  await clickOn(page, page.getByRole('tab', { name: 'Fields' }));
  const layer = page.locator('[data-field-layer="1"]');
  // The free space under the clauses (from half-way down page 1) scrolled into view, as a person would.
  const pages = page.getByRole('region', { name: /^Pages of / });
  const before = (await layer.boundingBox())!;
  await pages.evaluate(
    (element, by) => element.scrollBy({ top: by, behavior: 'smooth' }),
    before.y + before.height * 0.5 - 240,
  );
  await page.waitForTimeout(900);
  for (const [type, fx, fy] of [
    ['signature', 0.3, 0.6],
    ['name', 0.3, 0.68],
    ['date', 0.7, 0.6],
  ] as const) {
    const button = (await page.locator(`[data-palette-type="${type}"]`).boundingBox())!;
    await glide(page, button.x + button.width / 2, button.y + button.height / 2);
    await page.mouse.down();
    const target = (await layer.boundingBox())!;
    const to = { x: target.x + target.width * fx, y: target.y + target.height * fy };
    if (to.y < 0 || to.y > SIZE.height - 20)
      throw new Error(`the drop point ${to.y} is off the screen: adjust the scroll`);
    await glide(page, to.x, to.y, 30);
    await page.mouse.up();
    await page.waitForTimeout(500);
  }
  await expect(page.locator('[data-field-key]')).toHaveCount(3);
  await expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 10_000 });

  // Send, after the confirmation.
  await clickOn(page, page.locator('[data-tour="send"]'));
  const accept = page
    .getByRole('alertdialog', { name: 'Send for signature?' })
    .getByRole('button', { name: 'Send', exact: true });
  await expect(accept).toBeVisible();
  await page.waitForTimeout(900);
  await clickOn(page, accept);
  await expect(page.locator('[data-recipient-status]')).toBeVisible({ timeout: 15_000 });
  await page.waitForTimeout(2000);

  const video = page.video()!;
  await context.close();
  await video.saveAs(out);
  writeFileSync(out.replace(/\.webm$/, '.json'), JSON.stringify({ start: Math.max(0, visibleAt - 0.2) }));
});
