import type { Page } from '@playwright/test';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { makeTextPdf } from '../../fixtures/viewer-pdfs';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, shoot, startInScheme, test, waitForHydration } from '../fixtures';
import { finishTours } from '../tour-helpers';

const popover = (page: Page) => page.locator('[data-tour-popover]');
const box = async (locator: ReturnType<Page['locator']>) =>
  (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };
const saved = (page: Page) => expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 10_000 });
const details = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/v1/documents/${id}`)).json()) as TDocumentDetails;

async function xsrf(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': decodeURIComponent(cookie?.value ?? '') };
}

/** Uploads a 2-page draft for a new signed-in user (their only document); returns its API id and page token. */
async function uploadDraft(page: Page) {
  const response = await page.request.post('/api/documents', {
    headers: await xsrf(page),
    multipart: { file: { name: 'agreement.pdf', mimeType: 'application/pdf', buffer: await makeTextPdf(2) } },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { doctoken } = ((await response.json()) as { document: { doctoken: string } }).document;
  const list = (await (await page.request.get('/api/v1/documents')).json()) as { items: { id: string }[] };
  expect(list.items).toHaveLength(1);
  return { id: list.items[0]?.id ?? '', doctoken };
}

async function openWorkspace(page: Page, doctoken: string) {
  await page.goto(`/document/${doctoken}`);
  await expect(page.locator('[data-document-viewer][data-first-page-painted]')).toBeAttached({ timeout: 20_000 });
  await waitForHydration(page);
}

test.describe('the workspace’s guided tour and Help', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('starts on the first visit at step 0, Next while steps remain, Done remembered; Help reopens it; closed tabs are pointed at', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    await signInAsNew(page, 'ws-tour');
    const { doctoken } = await uploadDraft(page);
    await openWorkspace(page, doctoken);

    await expect(popover(page)).toHaveAttribute('data-tour-step', '0');
    await expect(popover(page)).toContainText('Step 1 of 6');
    await expect(popover(page).getByRole('heading', { name: 'Your document' })).toBeVisible();
    await expect(popover(page).getByRole('button', { name: 'Next' })).toBeFocused();
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await shoot(page, 'workspace-tour-1280-light');

    const titles = ['Place the fields', 'Who signs', 'How it goes out', 'Send for signature', 'Help is always here'];
    for (const [index, title] of titles.entries()) {
      await popover(page).getByRole('button', { name: 'Next' }).click();
      await expect(popover(page)).toHaveAttribute('data-tour-step', String(index + 1));
      await expect(popover(page).getByRole('heading', { name: title })).toBeVisible();
      if (title === 'Who signs') {
        // The recipients' panel sits on a closed tab: the step outlines the tab that opens it.
        const tab = await box(page.getByRole('tab', { name: 'Recipients' }));
        const spotlight = await box(page.locator('[data-tour-spotlight]'));
        expect(spotlight.x).toBeLessThan(tab.x);
        expect(spotlight.x + spotlight.width).toBeGreaterThan(tab.x + tab.width);
      }
    }
    // The last step offers Done, not Next.
    await expect(popover(page).getByRole('button', { name: 'Next' })).toHaveCount(0);
    const stored = page.waitForResponse(
      (response) => response.url().endsWith('/api/me/preferences') && response.request().method() === 'PATCH',
    );
    await popover(page).getByRole('button', { name: 'Done' }).click();
    await expect(popover(page)).toHaveCount(0);
    expect((await stored).status()).toBe(200);
    expect(
      ((await (await page.request.get('/api/me/preferences')).json()) as { toursDone: string[] }).toursDone,
    ).toContain('workspace');

    await page.reload();
    await waitForHydration(page);
    await page.waitForTimeout(500);
    await expect(popover(page)).toHaveCount(0);

    // Help: the tour again from step 0, and Skip ends it.
    await page.getByRole('button', { name: 'Help' }).click();
    await expect(page.getByRole('menuitem')).toHaveText(['Take the tour', 'Watch the video']);
    await page.getByRole('menuitem', { name: 'Take the tour' }).click();
    await expect(popover(page)).toHaveAttribute('data-tour-step', '0');
    await popover(page).getByRole('button', { name: 'Skip tour' }).click();
    await expect(popover(page)).toHaveCount(0);
  });

  test('Help plays the walkthrough video (dark): its source loads as video/webm', async ({ page, makeAxeBuilder }) => {
    await startInScheme(page, 'dark');
    await signInAsNew(page, 'ws-video');
    await finishTours(page);
    const { doctoken } = await uploadDraft(page);
    const served = page.waitForResponse((response) => response.url().endsWith('/help/place-fields-and-send.webm'));
    await openWorkspace(page, doctoken);
    await page.getByRole('button', { name: 'Help' }).click();
    await page.getByRole('menuitem', { name: 'Watch the video' }).click();
    const dialog = page.getByRole('dialog', { name: 'Video walkthrough' });
    await expect(dialog.locator('[data-dialog-panel]')).toBeVisible();
    await expect(dialog).toContainText('Place fields and send');
    const video = dialog.locator('video');
    await expect(video.locator('source')).toHaveAttribute('type', 'video/webm');
    const response = await served;
    expect([200, 206]).toContain(response.status());
    expect(response.headers()['content-type']).toBe('video/webm');
    // Chromium reads the file's metadata: a real recording of some seconds, 1280 × 720.
    await expect
      .poll(() => video.evaluate((element: HTMLVideoElement) => element.readyState), { timeout: 15_000 })
      .toBeGreaterThanOrEqual(1);
    const meta = await video.evaluate((element: HTMLVideoElement) => ({
      duration: element.duration,
      width: element.videoWidth,
      height: element.videoHeight,
    }));
    expect(meta.duration).toBeGreaterThan(5);
    expect([meta.width, meta.height]).toEqual([1280, 720]);
    // The whole file over plain GET: 200, its type, under 2 MB.
    const file = await page.request.get('/help/place-fields-and-send.webm');
    expect(file.status()).toBe(200);
    expect(file.headers()['content-type']).toBe('video/webm');
    expect((await file.body()).length).toBeLessThan(2 * 1024 * 1024);
    expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
    await shoot(page, 'workspace-video-1280-dark');
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
  });

  for (const scheme of ['light', 'dark'] as const) {
    test(`the tour fits a phone (390 px, ${scheme}) and points at the bottom bar`, async ({ page, makeAxeBuilder }) => {
      test.setTimeout(90_000);
      await startInScheme(page, scheme);
      await page.setViewportSize({ width: 390, height: 844 });
      await signInAsNew(page, `ws-tour-390-${scheme}`);
      const { doctoken } = await uploadDraft(page);
      await openWorkspace(page, doctoken);
      for (const step of [0, 1, 2, 3, 4, 5]) {
        await expect(popover(page)).toHaveAttribute('data-tour-step', String(step));
        await expect(popover(page)).toBeInViewport({ ratio: 1 });
        await expectNoHorizontalOverflow(page);
        if (step === 1) {
          // On a phone the palette is in the bottom sheet: the step outlines the bar's Fields button.
          const button = await box(page.locator('[data-tour="tab-fields"]'));
          const spotlight = await box(page.locator('[data-tour-spotlight]'));
          expect(spotlight.y).toBeLessThan(button.y);
          expect(spotlight.y + spotlight.height).toBeGreaterThan(button.y + button.height);
          expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
          await shoot(page, `workspace-tour-390-${scheme}`);
        }
        if (step < 5) await popover(page).getByRole('button', { name: 'Next' }).click();
      }
      await popover(page).getByRole('button', { name: 'Done' }).click();
      await expect(popover(page)).toHaveCount(0);
    });
  }
});

test.describe('workspace gaps', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('a refused send puts each server error on the field and recipient it names (server order, not the workspace’s)', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signInAsNew(page, 'ws-refusal');
    await finishTours(page);
    const { id, doctoken } = await uploadDraft(page);
    const headers = { ...(await xsrf(page)), 'content-type': 'application/json' };
    const people = await page.request.put(`/api/v1/documents/${id}/recipients`, {
      headers,
      data: {
        recipients: [
          { name: 'Ana First', email: 'ana.first@example.com' },
          { name: 'Bo Second', email: 'bo.second@example.com' },
        ],
      },
    });
    const [ana] = ((await people.json()) as { recipients: { id: string }[] }).recipients;
    // Ana's field low on page 1; Bo's is placed in the workspace, in the middle of the page, so the server lists it first.
    const put = await page.request.put(`/api/v1/documents/${id}/fields`, {
      headers,
      data: { fields: [{ recipientId: ana?.id, type: 'signature', page: 1, x: 50, y: 700 }] },
    });
    expect(put.status(), await put.text()).toBe(200);
    await openWorkspace(page, doctoken);
    await page.getByLabel('New fields are for').selectOption({ label: 'Bo Second' });
    await page.locator('[data-palette-type="signature"]').focus();
    await page.keyboard.press('Enter');
    await saved(page);
    const stored = await details(page, id);
    const boField = stored.fields.findIndex((field) => field.recipientId === stored.recipients[1]?.id);
    expect(boField).toBe(0);

    // The server refuses (as it would for a draft changed elsewhere meanwhile): errors by path.
    await page.route(`**/api/v1/documents/${id}/send`, (route) =>
      route.fulfill({
        status: 400,
        contentType: 'application/problem+json',
        body: JSON.stringify({
          type: 'about:blank',
          title: 'Invalid input',
          status: 400,
          code: 'INVALID_INPUT',
          detail: 'The document is not ready to send.',
          errors: [
            { path: 'fields.0.x', message: 'The field reaches past the right edge of page 1.' },
            { path: 'recipients.0.email', message: 'ana.first@example.com bounced before.' },
          ],
        }),
      }),
    );
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Send for signature?' }).getByRole('button', { name: 'Send' }).click();

    const issues = page.locator('#send-issues');
    await expect(issues).toContainText('The field reaches past the right edge of page 1.');
    await expect(issues).toBeFocused();
    // On Bo's field (the one the server counts first), not on Ana's.
    const [anaBox, boBox] = [page.locator('[data-field-key]').nth(0), page.locator('[data-field-key]').nth(1)];
    await expect(boBox).toHaveAttribute('aria-label', /for Bo Second/);
    await expect(boBox.getByRole('alert')).toContainText('The field reaches past the right edge of page 1.');
    await expect(boBox).toHaveAttribute('aria-describedby', /^field-error-/);
    await expect(anaBox.getByRole('alert')).toHaveCount(0);
    // The recipient's error on Ana's row, reached from the list.
    await issues.getByRole('button', { name: /bounced before/ }).click();
    const rows = page.locator('[data-recipient-key]');
    await expect(rows.nth(0).getByRole('alert')).toContainText('ana.first@example.com bounced before.');
    await expect(rows.nth(1).getByRole('alert')).toHaveCount(0);
    expect((await details(page, id)).status).toBe('draft');
  });

  test('removing a recipient who has fields asks first and says how many go', async ({ page }) => {
    await signInAsNew(page, 'ws-remove');
    await finishTours(page);
    const { id, doctoken } = await uploadDraft(page);
    const headers = { ...(await xsrf(page)), 'content-type': 'application/json' };
    const people = await page.request.put(`/api/v1/documents/${id}/recipients`, {
      headers,
      data: {
        recipients: [
          { name: 'Cy Fields', email: 'cy@example.com' },
          { name: 'Di None', email: 'di@example.com' },
        ],
      },
    });
    const [cy] = ((await people.json()) as { recipients: { id: string }[] }).recipients;
    await page.request.put(`/api/v1/documents/${id}/fields`, {
      headers,
      data: {
        fields: [0, 1].map((n) => ({ recipientId: cy?.id, type: 'signature', page: 1, x: 50, y: 100 + n * 80 })),
      },
    });
    await openWorkspace(page, doctoken);
    await page.getByRole('tab', { name: 'Recipients' }).click();

    await page.getByRole('button', { name: 'Remove Cy Fields' }).click();
    const dialog = page.getByRole('dialog', { name: 'Remove Cy Fields?' });
    await expect(dialog).toContainText('Cy Fields has 2 fields, which will be removed with them.');
    await expect(dialog.getByRole('button', { name: 'Keep' })).toBeFocused();
    await dialog.getByRole('button', { name: 'Keep' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.locator('[data-field-key]')).toHaveCount(2);
    await expect(page.locator('[data-recipient-key]')).toHaveCount(2);

    // A recipient without fields goes at once.
    await page.getByRole('button', { name: 'Remove Di None' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-recipient-key]')).toHaveCount(1);

    await page.getByRole('button', { name: 'Remove Cy Fields' }).click();
    await page
      .getByRole('dialog', { name: 'Remove Cy Fields?' })
      .getByRole('button', { name: 'Remove with 2 fields' })
      .click();
    await expect(page.locator('[data-recipient-key]')).toHaveCount(0);
    await expect(page.locator('[data-field-key]')).toHaveCount(0);
    await saved(page);
    const stored = await details(page, id);
    expect([stored.recipients.length, stored.fields.length]).toEqual([0, 0]);
  });
});

test.describe('dates in the viewer’s time zone', () => {
  // UTC+14: whatever zone the server runs in, its local time differs from this one.
  const zone = 'Pacific/Kiritimati';
  test.use({ viewport: { width: 1280, height: 900 }, timezoneId: zone, locale: 'en-US' });

  test('the workspace and the dashboard format dates in the browser’s zone', async ({ page }) => {
    await signInAsNew(page, 'ws-zone');
    await finishTours(page);
    const { id, doctoken } = await uploadDraft(page);
    const { createdAt } = await details(page, id);
    await openWorkspace(page, doctoken);
    // Formatted by the same browser (its ICU), in its zone and in UTC.
    const formats = await page.evaluate(
      ([iso, viewer]) => {
        const as = (options: Intl.DateTimeFormatOptions, timeZone: string) =>
          new Intl.DateTimeFormat('en', { ...options, timeZone }).format(new Date(iso));
        return {
          date: as({ dateStyle: 'medium' }, viewer),
          dateTime: as({ dateStyle: 'medium', timeStyle: 'short' }, viewer),
          utcDateTime: as({ dateStyle: 'medium', timeStyle: 'short' }, 'UTC'),
        };
      },
      [createdAt, zone] as const,
    );
    expect(formats.dateTime).not.toBe(formats.utcDateTime);

    const created = page
      .locator('dl > div')
      .filter({ has: page.locator('dt', { hasText: /^Created$/ }) })
      .locator('dd');
    await expect(created).toHaveText(formats.dateTime);
    await expect(page.getByText(`Created ${formats.date}`)).toBeVisible();

    await page.goto('/dashboard');
    const times = page.locator(`[data-document="${id}"] time`);
    await expect(times.last()).toHaveText(formats.date);
    await expect(times.first()).toHaveAttribute('title', formats.dateTime);
  });
});
