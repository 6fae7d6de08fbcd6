import type { Page } from '@playwright/test';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { fieldTypes } from '@/lib/api/v1/enums';
import { signInAsNew } from '../auth/helpers';
import { toasts, xsrfHeaders } from '../dashboard/helpers';
import { expect, expectNoHorizontalOverflow, setScheme, shoot, test, waitForHydration } from '../fixtures';
import { finishTours } from '../tour-helpers';
import {
  addRecipient,
  details,
  dragOnto,
  goToPage,
  mailsTo,
  placeByKeyboard,
  saved,
  signingLink,
  storedLink,
} from './prepare-helpers';

/**
 * Preparing and sending end to end: an owner prepares a 3-page PDF in the
 * workspace (two signers, all eleven field types by mouse and by keyboard,
 * sequential, Portuguese invitations), sends it, and the SMTP sink
 * (E2E_SMTP=1) receives exactly one invitation with a working link; the
 * owner then cancels from the dashboard and the link dies, with a mail. The
 * key views are checked with axe at 1280 and 390 px, light and dark.
 * API calls and the database only look; every step is the user's own.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;
const NAME = 'Contrato de arrendamento.pdf';

async function letterPdf(pages: number) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (let i = 1; i <= pages; i++)
    doc.addPage([612, 792]).drawText(`Lease page ${i}`, { x: 72, y: 720, size: 18, font });
  return Buffer.from(await doc.save());
}

type TAxe = () => { analyze: () => Promise<{ violations: unknown[] }> };
const axeClean = async (makeAxeBuilder: TAxe) => expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
const dashboardRow = (page: Page) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: NAME });

test('prepare, send in sequence in Portuguese, one invitation by SMTP, statuses, locked, cancel kills the link; 1280 and 390, light and dark', async ({
  browser,
  page,
  smtpSink,
  makeAxeBuilder,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const alice = { name: 'Alice Primeira', email: `alice-${stamp}@example.com` };
  const bob = { name: 'Bruno Segundo', email: `bruno-${stamp}@example.com` };
  const shot = (name: string) => shoot(page, `${name}`);

  // Upload through the UI.
  const owner = await signInAsNew(page, 'prepare-send');
  await finishTours(page); // the first-visit tours would sit over what this test is about
  await page.reload();
  await expect(page.locator('section[aria-busy] button').last()).toBeEnabled();
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: 'Choose a file' }).click();
  await (await chooser).setFiles({ name: NAME, mimeType: 'application/pdf', buffer: await letterPdf(3) });
  await expect(page).toHaveURL(/\/document\/[A-Za-z0-9_-]{32}$/, { timeout: 20_000 });
  const workspaceUrl = new URL(page.url()).pathname;
  await expect(page.locator('[data-document-viewer][data-first-page-painted]')).toBeAttached({ timeout: 20_000 });
  const id =
    (
      (await (await page.request.get('/api/v1/documents')).json()) as { items: { id: string; name: string }[] }
    ).items.find((item) => item.name === NAME)?.id ?? '';
  expect(id).not.toBe('');

  // Two signers, in this order.
  await addRecipient(page, alice.name, alice.email);
  await addRecipient(page, bob.name, bob.email);
  await saved(page);

  // All eleven types over the three pages: Alice's by mouse on page 1 and by keyboard on page 2, Bruno's on page 3 both ways.
  await page.getByRole('tab', { name: 'Fields' }).click();
  await page.getByLabel('New fields are for').selectOption({ label: alice.name });
  for (const [index, type] of (['signature', 'initials', 'name', 'email', 'date'] as const).entries())
    await dragOnto(page, type, 1, { fx: 0.3 + (index % 2) * 0.4, fy: 0.15 + Math.floor(index / 2) * 0.3 });
  await goToPage(page, 2);
  await placeByKeyboard(page, 'text');
  await placeByKeyboard(page, 'number', 'Space');
  await placeByKeyboard(page, 'checkbox');
  await goToPage(page, 3);
  await page.getByLabel('New fields are for').selectOption({ label: bob.name });
  await dragOnto(page, 'radio', 3, { fx: 0.3, fy: 0.2 });
  await dragOnto(page, 'dropdown', 3, { fx: 0.7, fy: 0.2 });
  await placeByKeyboard(page, 'signature');
  await placeByKeyboard(page, 'attachment');
  await saved(page);
  let stored = await details(page, id);
  const [storedAlice, storedBob] = stored.recipients;
  expect(stored.recipients.map((recipient) => [recipient.name, recipient.order])).toEqual([
    [alice.name, 1],
    [bob.name, 2],
  ]);
  expect(new Set(stored.fields.map((field) => field.type))).toEqual(new Set(fieldTypes));
  const placed = (recipientId?: string) =>
    stored.fields
      .filter((field) => field.recipientId === recipientId)
      .map((field) => `${field.page}:${field.type}`)
      .sort();
  expect(placed(storedAlice?.id)).toEqual([
    '1:date',
    '1:email',
    '1:initials',
    '1:name',
    '1:signature',
    '2:checkbox',
    '2:number',
    '2:text',
  ]);
  expect(placed(storedBob?.id)).toEqual(['3:attachment', '3:dropdown', '3:radio', '3:signature']);

  // Sequential, invitations in Portuguese.
  await page.getByRole('tab', { name: 'Settings' }).click();
  await page.getByLabel('One after another').check();
  await page.getByLabel('Language of the emails').selectOption({ label: 'Portuguese' });
  await saved(page);
  await axeClean(makeAxeBuilder);
  await shot('workspace-draft-1280-light');

  // Send, after the send-to-sign confirmation.
  const sentAfter = Date.now();
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Send for signature?' });
  // The dialog's root has no box of its own (its panel is fixed): its button is what shows it is open.
  await expect(confirm.getByRole('button', { name: 'Send' })).toBeVisible();
  await axeClean(() => makeAxeBuilder().include('[role="alertdialog"]'));
  await confirm.getByRole('button', { name: 'Send' }).click();
  await expect(page.getByRole('heading', { name: 'Progress' })).toBeVisible({ timeout: 15_000 });
  stored = await details(page, id);
  expect(stored).toMatchObject({ status: 'pending', signingOrder: 'sequential', locale: 'pt' });
  expect(stored.fields).toHaveLength(12);

  // The workspace follows the job runner: Alice invited, Bruno waits for his turn.
  const rows = page.locator('[data-recipient-status]');
  await expect(rows.nth(0)).toContainText(alice.name);
  await expect(rows.nth(0)).toContainText('Sent', { timeout: 20_000 });
  await expect(rows.nth(0)).toContainText(/Since /);
  await expect(rows.nth(1)).toContainText(bob.name);
  await expect(rows.nth(1)).toHaveAttribute('data-recipient-status', 'waiting');
  await expect(rows.nth(1)).toContainText('Waiting');
  await expect(page.locator('[data-field-layer="1"] [data-field-key]')).toHaveCount(5);
  await expect(page.locator('[data-palette-type]')).toHaveCount(0);

  // Exactly one invitation, to Alice, in Portuguese, from a well-formed mail.
  const invitation = await smtpSink.waitFor((mail) => mail.envelope.to.includes(alice.email));
  const { parsed } = invitation;
  expect(parsed.subject).toMatch(new RegExp(`pede-lhe que assine “${NAME.replace('.', '\\.')}”$`));
  expect(parsed.text).toContain(`Olá ${alice.name},`);
  expect(parsed.text).toContain('Rever e assinar');
  expect(parsed.html).toContain('lang="pt"');
  expect(parsed.replyTo?.text).toContain(owner);
  expect(parsed.date?.getTime() ?? 0).toBeGreaterThanOrEqual(sentAfter - 1000);
  const { url: link, token } = signingLink(invitation, baseURL);
  expect(link, "the link opens the signing page in the invitation's language").toBe(`${baseURL}/pt/sign/${token}`);
  expect(storedLink(token)).toMatchObject({ revokedAt: null });

  // Stored and sent are locked: 409 on any change, nothing changed.
  const headers = { ...(await xsrfHeaders(page)), 'content-type': 'application/json' };
  const putFields = await page.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields: [] } });
  expect(putFields.status()).toBe(409);
  const putRecipients = await page.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: { recipients: [alice] },
  });
  expect(putRecipients.status()).toBe(409);
  expect((await details(page, id)).fields).toEqual(stored.fields);

  await axeClean(makeAxeBuilder);
  await shot('workspace-sent-1280-light');

  // The link works for Alice, in her own browser (opening it in the owner's would switch the owner's language to hers):
  // the signing page answers and shows the document's name.
  const signer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  const signing = await signer.request.get(`/api/v1/signing/${token}`);
  expect(signing.status(), 'GET /api/v1/signing/{token}').toBe(200);
  const opened = await signer.goto(link);
  expect(opened?.status(), `GET ${link}`).toBe(200);
  await expect(signer.getByText(NAME).first()).toBeVisible();
  await shoot(signer, 'sign-1280-light');

  // The dashboard: out for signature, Alice next.
  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(dashboardRow(page).locator('[data-status]')).toHaveText('Waiting for signatures');
  await expect(dashboardRow(page)).toContainText(alice.name);
  await axeClean(makeAxeBuilder);
  await shot('dashboard-1280-light');

  // The key views again at 390 px and in dark mode.
  for (const [width, scheme] of [
    [390, 'light'],
    [390, 'dark'],
    [1280, 'dark'],
  ] as const) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await setScheme(page, scheme);
    await page.goto(workspaceUrl);
    await expect(page.locator('[data-field-layer="1"] [data-field-key]')).toHaveCount(5, { timeout: 20_000 });
    const statuses = page.locator('[data-recipient-status]');
    await expect(statuses.nth(0)).toContainText(`${alice.email} · Signer`);
    await expect(statuses.nth(0)).toContainText('Opened'); // Alice opened her link above
    await expect(statuses.nth(1)).toContainText('Waiting');
    await statuses.nth(1).scrollIntoViewIfNeeded();
    await expect(statuses.nth(1)).toBeInViewport();
    await expectNoHorizontalOverflow(page);
    await axeClean(makeAxeBuilder);
    await shoot(page, `workspace-sent-${width}-${scheme}`, { fullPage: true });
    await page.goto('/dashboard');
    await waitForHydration(page);
    await expect(dashboardRow(page).locator('[data-status]')).toHaveText('Waiting for signatures');
    await expectNoHorizontalOverflow(page);
    await axeClean(makeAxeBuilder);
    await shot(`dashboard-${width}-${scheme}`);
  }

  // Sending a second time did not happen: still exactly one mail to either signer.
  expect(mailsTo(smtpSink.mails, alice.email, bob.email)).toHaveLength(1);

  // Cancel with a reason from the dashboard.
  await page.setViewportSize({ width: 1280, height: 900 });
  await setScheme(page, 'light');
  await waitForHydration(page);
  await dashboardRow(page)
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel…' }).click();
  const dialog = page.getByRole('dialog');
  await page.getByLabel('Reason (the recipients see it)').fill('As condições mudaram.');
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  await expect(toasts(page).getByText(`“${NAME}” was cancelled.`)).toBeVisible();
  await expect(dashboardRow(page).locator('[data-status]')).toHaveText('Cancelled');
  expect((await details(page, id)).status).toBe('cancelled');

  // Alice is told, in Portuguese, with the reason; Bruno, never invited, gets nothing.
  const cancelled = await smtpSink.waitFor((mail) => mail.envelope.to.includes(alice.email) && mail !== invitation);
  expect(cancelled.parsed.subject).toBe(`“${NAME}” foi cancelado`);
  expect(cancelled.parsed.text).toContain('As condições mudaram.');
  expect(cancelled.parsed.text).not.toContain(`/sign/${token}`);
  expect(mailsTo(smtpSink.mails, bob.email)).toEqual([]);
  expect(mailsTo(smtpSink.mails, alice.email)).toHaveLength(2);

  // The link is dead: stored as revoked for the cancellation, and answered as gone.
  expect(storedLink(token)).toMatchObject({ revokedReason: 'cancelled' });
  const gone = await signer.request.get(`/api/v1/signing/${token}`);
  expect(gone.status(), 'GET /api/v1/signing/{token} after cancel').toBe(410);
  expect(await gone.json()).toMatchObject({ reason: 'cancelled', documentName: NAME });
  await signer.reload();
  await expect(
    signer.locator('[data-signing-gone="cancelled"]'),
    'the signing page says it was cancelled',
  ).toContainText(NAME);
  await shoot(signer, 'sign-cancelled-1280-light');
  await signer.context().close();

  // The cancelled workspace, read-only.
  await page.goto(workspaceUrl);
  await expect(
    page.getByText('This document is cancelled: its fields and recipients can no longer change.'),
  ).toBeVisible();
  await axeClean(makeAxeBuilder);
});
