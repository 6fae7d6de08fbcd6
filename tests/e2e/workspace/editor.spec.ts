import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fieldTypes, type TFieldType } from '@/lib/api/v1/enums';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, setScheme, shoot, test } from '../fixtures';
import { finishTours } from '../tour-helpers';

/** A letter-size PDF of `pages` pages, each saying its number. */
async function makeLetterPdf(pages: number): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([612, 792]).drawText(`Contract page ${i}`, { x: 72, y: 720, size: 18, font });
  return Buffer.from(await doc.save());
}

async function xsrf(page: Page) {
  const cookie = (await page.context().cookies()).find(({ name }) => name === 'XSRF-TOKEN');
  return { 'X-XSRF-TOKEN': cookie?.value ?? '' };
}

/** A new user with a 3-page draft open in the workspace; returns the document's API id. */
async function openDraft(page: Page, prefix: string) {
  const email = await signInAsNew(page, prefix);
  await finishTours(page); // the workspace's guided tour is tested in tour-and-help.spec.ts
  const upload = await page.request.post('/api/documents', {
    headers: await xsrf(page),
    multipart: { file: { name: 'contract.pdf', mimeType: 'application/pdf', buffer: await makeLetterPdf(3) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { document } = (await upload.json()) as { document: { doctoken: string } };
  const list = (await (await page.request.get('/api/v1/documents')).json()) as { items: { id: string }[] };
  const id = list.items[0]?.id ?? '';
  await page.goto(`/document/${document.doctoken}`);
  await expect(page.locator('[data-document-viewer][data-first-page-painted]')).toBeAttached({ timeout: 20_000 });
  await expect(page.locator('[data-field-layer="1"]')).toBeAttached();
  return { id, email, token: document.doctoken };
}

const details = async (page: Page, id: string) =>
  (await (await page.request.get(`/api/v1/documents/${id}`)).json()) as TDocumentDetails;
const saved = (page: Page) => expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 10_000 });
const layer = (page: Page, n: number) => page.locator(`[data-field-layer="${n}"]`);
const field = (page: Page, type: TFieldType) => page.locator(`[data-field-type="${type}"]`);

async function addRecipient(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Recipients' }).click();
  await page.getByRole('button', { name: 'Add recipient' }).click();
  const row = page.locator('[data-recipient-key]').last();
  await row.getByLabel('Name').fill(name);
  await row.getByLabel('Email').fill(email);
}

/** Drags a palette type with the mouse to a point of page 1 given in fractions of its size. */
async function dragOnto(page: Page, type: TFieldType, at: { fx: number; fy: number }) {
  const button = (await page.locator(`[data-palette-type="${type}"]`).boundingBox())!;
  const target = (await layer(page, 1).boundingBox())!;
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down();
  await page.mouse.move(target.x + target.width * at.fx, target.y + target.height * at.fy, { steps: 10 });
  await page.mouse.up();
  return { scale: target.width / 612 };
}

async function placeByKeyboard(page: Page, type: TFieldType) {
  await page.locator(`[data-palette-type="${type}"]`).focus();
  await page.keyboard.press('Enter');
  await expect(field(page, type).last()).toBeFocused();
}

/** Every palette button shows its type's whole name: no label cut off (…) or clipped, no button overflowing. */
async function expectPaletteLabelsWhole(page: Page) {
  const buttons = page.locator('[data-palette-type]').filter({ visible: true });
  await expect(buttons).toHaveCount(fieldTypes.length);
  const cut = await buttons.evaluateAll((list) =>
    list.flatMap((button) => {
      const label = button.querySelector('span');
      if (!label) return [`${button.getAttribute('data-palette-type')}: no label`];
      // A pixel's allowance up and down: two lines of 17.5 px measure 35 px high but 36 px to scroll.
      const over = (element: Element) =>
        element.scrollWidth > element.clientWidth || element.scrollHeight > element.clientHeight + 1;
      return over(label) || over(button)
        ? [
            `${label.textContent}: ${label.scrollWidth}>${label.clientWidth} wide or ${label.scrollHeight}>${label.clientHeight} high`,
          ]
        : [];
    }),
  );
  expect(cut).toEqual([]);
}

const KEYBOARD_TIPS = /^Tab moves between fields; arrows move the selected field/;

async function axeClean(page: Page, makeAxeBuilder: () => { analyze: () => Promise<{ violations: unknown[] }> }) {
  const { violations } = await makeAxeBuilder().analyze();
  expect(violations).toEqual([]);
}

test.describe("the owner's workspace", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('recipients, all eleven field types by drag and keyboard, saved as the owner works, moved by arrows, undone', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(120_000);
    const { id } = await openDraft(page, 'editor');
    await addRecipient(page, 'Alice Signer', 'alice.signer@example.com');
    await addRecipient(page, 'Bob Second', 'bob.second@example.com');
    await saved(page);
    expect((await details(page, id)).recipients.map((recipient) => [recipient.name, recipient.order])).toEqual([
      ['Alice Signer', 1],
      ['Bob Second', 2],
    ]);

    // Reorder by keyboard and back: the stored order follows.
    await page.getByRole('button', { name: 'Move Bob Second up' }).click();
    await saved(page);
    expect((await details(page, id)).recipients.map((recipient) => recipient.name)).toEqual([
      'Bob Second',
      'Alice Signer',
    ]);
    await page.getByRole('button', { name: 'Move Bob Second down' }).click();
    await saved(page);

    await page.getByRole('tab', { name: 'Fields' }).click();
    // Each type's name is whole in the palette, at 768 px as well; a mouse user is shown the keyboard tips.
    await expectPaletteLabelsWhole(page);
    await page.setViewportSize({ width: 768, height: 900 });
    await expectPaletteLabelsWhole(page);
    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByText(KEYBOARD_TIPS)).toBeVisible();
    await page.getByLabel('New fields are for').selectOption({ label: 'Alice Signer' });
    const dragged: TFieldType[] = ['signature', 'initials', 'name', 'email', 'date', 'text'];
    let scale = 1;
    for (const [index, type] of dragged.entries())
      ({ scale } = await dragOnto(page, type, {
        fx: 0.3 + (index % 2) * 0.35,
        fy: 0.15 + Math.floor(index / 2) * 0.12,
      }));
    for (const type of ['number', 'checkbox', 'radio', 'dropdown', 'attachment'] as const)
      await placeByKeyboard(page, type);
    await page.getByLabel('New fields are for').selectOption({ label: 'Bob Second' });
    await placeByKeyboard(page, 'signature');
    await page.keyboard.press('Shift+ArrowDown'); // off the others, 10 pt at a time
    await page.keyboard.press('Shift+ArrowDown');
    await saved(page);

    let stored = await details(page, id);
    expect(new Set(stored.fields.map((item) => item.type))).toEqual(new Set(fieldTypes));
    expect(stored.fields).toHaveLength(12);
    const [alice, bob] = stored.recipients;
    expect(stored.fields.filter((item) => item.recipientId === bob?.id).map((item) => item.type)).toEqual([
      'signature',
    ]);
    // The dragged signature is centred where it was dropped (0.3 × 612, 0.15 × 792), within a pixel.
    const signature = stored.fields.find((item) => item.type === 'signature' && item.recipientId === alice?.id);
    expect(Math.abs((signature?.x ?? 0) + 90 - 0.3 * 612)).toBeLessThan(1 / scale + 0.5);
    expect(Math.abs((signature?.y ?? 0) + 25 - 0.15 * 792)).toBeLessThan(1 / scale + 0.5);
    expect(stored.fields.find((item) => item.type === 'dropdown')?.options).toEqual(['Option 1', 'Option 2']);

    // Nothing is lost on reload.
    await page.reload();
    await expect(page.locator('[data-field-layer="1"] [data-field-key]')).toHaveCount(12, { timeout: 20_000 });

    // Arrow keys move by one point; Ctrl+Z takes it back; both saved.
    const name = () => details(page, id).then((current) => current.fields.find((item) => item.type === 'name'));
    const before = (await name())?.x ?? 0;
    await field(page, 'name').focus();
    await page.keyboard.press('ArrowRight');
    await expect.poll(async () => (await name())?.x, { timeout: 10_000 }).toBe(before + 1);
    await page.keyboard.press('Control+z');
    await expect.poll(async () => (await name())?.x, { timeout: 10_000 }).toBe(before);

    // Delete removes the focused field, undo restores it (saved as a new field).
    await field(page, 'attachment').focus();
    await page.keyboard.press('Delete');
    await expect(field(page, 'attachment')).toHaveCount(0);
    await expect.poll(async () => (await details(page, id)).fields.length, { timeout: 10_000 }).toBe(11);
    await page.keyboard.press('Control+z');
    await expect(field(page, 'attachment')).toHaveCount(1);
    await expect.poll(async () => (await details(page, id)).fields.length, { timeout: 10_000 }).toBe(12);

    // Per-type settings: a text field's label, a required flag.
    await field(page, 'text').click();
    await page.getByLabel('Label').fill('City');
    await page.getByLabel('Required', { exact: true }).uncheck();
    await saved(page);
    stored = await details(page, id);
    expect(stored.fields.find((item) => item.type === 'text')).toMatchObject({ label: 'City', required: false });

    // Sequential and parallel signing, stored through PATCH.
    await page.getByRole('tab', { name: 'Settings' }).click();
    await page.getByLabel('All at once').check();
    await expect.poll(async () => (await details(page, id)).signingOrder, { timeout: 10_000 }).toBe('parallel');
    await page.getByLabel('One after another').check();
    await page.getByLabel('Remind every N days').fill('0');
    await expect(page.locator('[data-save-state="invalid"]')).toBeVisible();
    await expect(page.locator('#settings-reminderDays-error')).toBeVisible();
    await page.getByLabel('Remind every N days').fill('3');
    await saved(page);
    expect(await details(page, id)).toMatchObject({ signingOrder: 'sequential', reminderDays: 3 });

    await axeClean(page, makeAxeBuilder);
    await shoot(page, 'workspace-1280-light');
    await setScheme(page, 'dark');
    await expect(page.locator('[data-field-layer="1"] [data-field-key]')).toHaveCount(12, { timeout: 20_000 });
    await axeClean(page, makeAxeBuilder);
    await shoot(page, 'workspace-1280-dark');
  });

  test("the checks before sending name the recipient who lacks a signature field; the palette's names whole in every language", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    const { id, token } = await openDraft(page, 'editor-checks');
    await addRecipient(page, 'Carol Check', 'carol.check@example.com');
    await saved(page);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const issues = page.locator('#send-issues');
    await expect(issues).toContainText('Carol Check signs but has no signature field.');
    await expect(issues).toBeFocused();
    // The item wraps in the narrow panel; its bullet sits on the first of its lines, not beside the last.
    const item = await issues
      .getByRole('listitem')
      .first()
      .evaluate((li) => {
        const text = li.querySelector('button')!.getBoundingClientRect();
        const bullet = li.querySelector('[aria-hidden="true"]')?.getBoundingClientRect();
        return {
          top: text.top,
          height: text.height,
          line: parseFloat(getComputedStyle(li).lineHeight),
          bullet: bullet ? { top: bullet.top, bottom: bullet.bottom } : null,
        };
      });
    expect(item.height, 'the item wraps').toBeGreaterThan(1.5 * item.line);
    expect(item.bullet, 'a bullet that can be measured').not.toBeNull();
    expect(item.bullet!.top).toBeGreaterThanOrEqual(item.top - 1);
    expect(item.bullet!.bottom).toBeLessThanOrEqual(item.top + item.line + 1);
    expect((await details(page, id)).status).toBe('draft');
    // The recipient's card says it too, in words (not the message's key).
    await page.getByRole('tab', { name: 'Recipients' }).click();
    await expect(page.locator('[data-recipient-key]')).toContainText('Carol Check signs but has no signature field.');
    // Fixing it clears the list.
    await page.getByRole('tab', { name: 'Fields' }).click();
    await placeByKeyboard(page, 'signature');
    await expect(issues).toHaveCount(0);

    // The longer names of the other languages fit too, wrapped (the panel is as wide at 768 px).
    for (const locale of ['pt', 'cs', 'es']) {
      await page.goto(`/${locale}/document/${token}`);
      await expectPaletteLabelsWhole(page);
    }
  });

  test('a refusal from the server is shown on the field it names', async ({ page }) => {
    const { id } = await openDraft(page, 'editor-refusal');
    await addRecipient(page, 'Dana Kept', 'dana.kept@example.com');
    await addRecipient(page, 'Eve Removed', 'eve.removed@example.com');
    await saved(page);
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page.getByLabel('New fields are for').selectOption({ label: 'Eve Removed' });
    await placeByKeyboard(page, 'initials');
    await saved(page);

    // Meanwhile, another client (an integration using the API) removes Eve and, with her, her field.
    const current = await details(page, id);
    const put = await page.request.put(`/api/v1/documents/${id}/recipients`, {
      headers: { ...(await xsrf(page)), 'content-type': 'application/json' },
      data: { recipients: [{ id: current.recipients[0]?.id, name: 'Dana Kept', email: 'dana.kept@example.com' }] },
    });
    expect(put.status(), await put.text()).toBe(200);

    await field(page, 'initials').focus();
    await page.keyboard.press('ArrowLeft');
    await expect(page.locator('[data-save-state="invalid"]')).toBeVisible({ timeout: 10_000 });
    await expect(field(page, 'initials').getByRole('alert')).toContainText(
      'No recipient with this id on this document.',
    );
    await expect(field(page, 'initials')).toHaveAttribute('aria-describedby', /^field-error-/);
    expect((await details(page, id)).fields).toEqual([]);
  });

  test('"Save draft" asks send-now-or-dashboard; No goes to the dashboard, the draft unchanged', async ({ page }) => {
    const { id } = await openDraft(page, 'editor-draft');
    await addRecipient(page, 'Gail Later', 'gail.later@example.com');
    await page.getByRole('button', { name: 'Save draft' }).click();
    const question = page.getByRole('alertdialog', { name: 'Draft saved' });
    await question.getByRole('button', { name: 'No' }).click();
    await page.waitForURL(/\/dashboard$/);
    const stored = await details(page, id);
    expect(stored.status).toBe('draft');
    expect(stored.recipients.map((recipient) => recipient.name)).toEqual(['Gail Later']);
  });
});

test.describe('sending from the workspace', () => {
  test.use({ viewport: { width: 1280, height: 900 }, permissions: ['clipboard-read', 'clipboard-write'] });

  test('sequential send after the confirmation: statuses per recipient, a copied link', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    const { id } = await openDraft(page, 'editor-send');
    await addRecipient(page, 'Alice Signer', 'alice.send@example.com');
    await addRecipient(page, 'Bob Second', 'bob.send@example.com');
    await saved(page);
    await page.getByRole('tab', { name: 'Fields' }).click();
    await page.getByLabel('New fields are for').selectOption({ label: 'Alice Signer' });
    await dragOnto(page, 'signature', { fx: 0.4, fy: 0.3 });
    await page.getByLabel('New fields are for').selectOption({ label: 'Bob Second' });
    await placeByKeyboard(page, 'signature');
    await saved(page);

    // Cancelling the confirmation sends nothing.
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Send for signature?' });
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(confirm).toHaveCount(0);
    expect((await details(page, id)).status).toBe('draft');

    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await page.getByRole('alertdialog', { name: 'Send for signature?' }).getByRole('button', { name: 'Send' }).click();
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible({ timeout: 15_000 });
    const stored = await details(page, id);
    expect(stored.status).toBe('pending');
    expect(stored.signingOrder).toBe('sequential');
    const rows = page.locator('[data-recipient-status]');
    await expect(rows.nth(0)).toContainText('Alice Signer');
    // The job runner delivers the first invitation in the background; the workspace follows it.
    await expect(rows.nth(0)).toContainText('Sent', { timeout: 20_000 });
    await expect(rows.nth(0)).toContainText(/Since /);
    await expect(rows.nth(1)).toContainText('Bob Second');
    await expect(rows.nth(1)).toContainText('Waiting');
    await expect(page.locator('[data-field-key]')).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);

    await rows.nth(0).getByRole('button', { name: 'Copy link' }).click();
    await expect(
      page
        .locator('[data-sonner-toaster]')
        .getByText('A new signing link for Alice Signer was copied.', { exact: false }),
    ).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/sign\/[A-Za-z0-9_-]{20,}$/);
    await axeClean(page, makeAxeBuilder);
    await shoot(page, 'workspace-sent-1280');
  });

  test('"Only me": the owner is the one signer and goes straight to their signing link', async ({ page }) => {
    const { id, email } = await openDraft(page, 'editor-only-me');
    await page.getByRole('tab', { name: 'Recipients' }).click();
    await page.getByRole('button', { name: 'Only me' }).click();
    await expect(page.locator('[data-recipient-key] input[type="email"]')).toHaveValue(email);
    await page.getByRole('tab', { name: 'Fields' }).click();
    await placeByKeyboard(page, 'signature');
    await saved(page);
    await page.getByRole('button', { name: 'Sign now' }).click();
    // The signing page is the next issue's: the address is what counts here.
    await page.waitForURL(/\/sign\/[A-Za-z0-9_-]{20,}$/, { timeout: 15_000 });
    const stored = await details(page, id);
    expect(stored.status).toBe('pending');
    expect(stored.recipients.map((recipient) => [recipient.email, recipient.role])).toEqual([[email, 'signer']]);
  });

  test('a document sent meanwhile (409) turns the workspace read-only with a message', async ({ page }) => {
    const { id } = await openDraft(page, 'editor-conflict');
    await addRecipient(page, 'Fay Late', 'fay.late@example.com');
    await page.getByRole('tab', { name: 'Fields' }).click();
    await placeByKeyboard(page, 'signature');
    await saved(page);
    // Another client sends it.
    const send = await page.request.post(`/api/v1/documents/${id}/send`, {
      headers: { ...(await xsrf(page)), 'content-type': 'application/json' },
      data: {},
    });
    expect(send.status(), await send.text()).toBe(200);
    await field(page, 'signature').focus();
    await page.keyboard.press('ArrowUp');
    await expect(page.getByRole('alert').filter({ hasText: /draft/ })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send', exact: true })).toHaveCount(0);
    await expect(page.locator('[data-palette-type]')).toHaveCount(0);
    const stored = await details(page, id);
    expect(stored.status).toBe('pending');
  });
});

test.describe('the workspace on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test('the panels are a bottom sheet, a tap places a field, light and dark are accessible', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    const { id } = await openDraft(page, 'editor-phone');
    await expectNoHorizontalOverflow(page);
    const bar = page.getByRole('navigation', { name: /Fields, Recipients, Settings, Send/ });
    await bar.getByRole('button', { name: 'Recipients' }).tap();
    const sheet = page.getByRole('dialog', { name: 'Recipients' });
    // The sheet's title says what it holds, once: the panel's own heading is not repeated under it.
    await expect(sheet.getByText('Recipients', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await sheet.getByRole('button', { name: 'Add myself' }).tap();
    await expect(sheet.locator('[data-recipient-key] input[type="email"]')).not.toHaveValue('');
    await sheet.getByRole('button', { name: 'Close' }).tap();
    await saved(page);
    await bar.getByRole('button', { name: 'Fields' }).tap();
    const fieldsSheet = page.getByRole('dialog', { name: 'Fields' });
    await expect(fieldsSheet.getByText('Fields', { exact: true }).filter({ visible: true })).toHaveCount(1);
    await expectPaletteLabelsWhole(page);
    // Keyboard tips mean nothing to a finger: not shown where the main pointer is coarse.
    await expect(fieldsSheet.getByText(KEYBOARD_TIPS)).toHaveCount(1);
    await expect(fieldsSheet.getByText(KEYBOARD_TIPS)).toBeHidden();
    await fieldsSheet.locator('[data-palette-type="signature"]').tap();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(field(page, 'signature')).toBeVisible();
    await expect
      .poll(async () => (await details(page, id)).fields.map((item) => item.type), { timeout: 10_000 })
      .toEqual(['signature']);

    // A finger drags the field 40 px to the right (touch events, as a phone sends them): it moves, the page does not scroll.
    const before = (await details(page, id)).fields[0]?.x ?? 0;
    const box = (await field(page, 'signature').boundingBox())!;
    const start = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    const scrolled = () =>
      page.getByRole('region', { name: 'Pages of contract.pdf' }).evaluate((element) => element.scrollTop);
    const scrollBefore = await scrolled();
    const touch = await page.context().newCDPSession(page);
    await touch.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [start] });
    for (let step = 1; step <= 5; step++)
      await touch.send('Input.dispatchTouchEvent', {
        type: 'touchMove',
        touchPoints: [{ x: start.x + step * 8, y: start.y }],
      });
    await touch.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    const scale = ((await layer(page, 1).boundingBox())?.width ?? 1) / 612;
    await expect
      .poll(async () => ((await details(page, id)).fields[0]?.x ?? 0) - before, { timeout: 10_000 })
      .toBeCloseTo(40 / scale, 0);
    expect(await scrolled()).toBe(scrollBefore);
    await axeClean(page, makeAxeBuilder);
    await shoot(page, 'workspace-390-light');
    await bar.getByRole('button', { name: 'Fields' }).tap();
    await shoot(page, 'workspace-390-sheet');
    await axeClean(page, makeAxeBuilder);
    await page.getByRole('button', { name: 'Close' }).tap();
    await setScheme(page, 'dark');
    await expect(field(page, 'signature')).toBeVisible({ timeout: 20_000 });
    await axeClean(page, makeAxeBuilder);
    await shoot(page, 'workspace-390-dark');
  });
});
