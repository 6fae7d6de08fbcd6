import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { signInAsNew } from '../auth/helpers';
import { toasts, xsrfHeaders } from '../dashboard/helpers';
import { axeBuilder, expect, expectNoHorizontalOverflow, setScheme, shoot, test, waitForHydration } from '../fixtures';
import { contractPdf } from '../signing/helpers';
import { finishTours } from '../tour-helpers';
import { signingLink } from '../workspace/prepare-helpers';

/**
 * A team's brand end to end over the SMTP sink (E2E_SMTP=1): its admin sets the colour (a too-light one is refused
 * with the contrast named), the sender name and a logo in Settings; a document sent from the team reaches its
 * signer from "ACME via Signet" with the logo inside the mail; the signing page shows the brand bar at 390 and
 * 1280 px, light and dark, axe clean.
 */

const port = Number(process.env.E2E_PORT ?? 3210);
const baseURL = `http://localhost:${port}`;

/** A 120 × 40 logo: a dark square on white, so it is visibly drawn. */
function logoPng(): Buffer {
  const png = new PNG({ width: 120, height: 40 });
  for (let y = 0; y < 40; y++)
    for (let x = 0; x < 120; x++) {
      const at = (y * 120 + x) * 4;
      const ink = x > 8 && x < 40 && y > 8 && y < 32;
      png.data.set(ink ? [20, 40, 160, 255] : [255, 255, 255, 255], at);
    }
  return PNG.sync.write(png);
}

async function brandBarShown(page: Page) {
  const bar = page.getByTestId('brand-bar');
  await expect(bar).toContainText('ACME via Signet');
  await expect(bar).toHaveCSS('background-color', 'rgb(29, 78, 216)');
  // The logo is loaded, not a broken image.
  await expect
    .poll(() => bar.locator('img').evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth))
    .toBe(120);
}

test('an admin brands the team in Settings; the signer meets it in the mail and on the signing page', async ({
  browser,
  page,
  smtpSink,
  makeAxeBuilder,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAsNew(page, 'brand-admin');
  await finishTours(page);
  const headers = await xsrfHeaders(page);
  const made = await page.request.post('/api/v1/teams', { headers, data: { name: 'Acme Robotics' } });
  expect(made.status(), await made.text()).toBe(201);
  const { id: teamId } = (await made.json()) as { id: string };
  await page.context().addCookies([{ name: 'signet-workspace', value: teamId, url: baseURL }]);

  await page.goto('/settings#branding');
  await waitForHydration(page);
  const branding = page.getByRole('region', { name: 'Branding' });
  await branding.getByRole('textbox', { name: 'Brand colour', exact: true }).fill('#ffcc00');
  await expect(branding).toContainText('too low');
  await branding.getByRole('button', { name: 'Save branding' }).click();
  await expect(branding.getByRole('alert')).toContainText('contrast at least 4.5:1');
  await branding.getByRole('textbox', { name: 'Brand colour', exact: true }).fill('#1d4ed8');
  await branding.getByRole('textbox', { name: 'Sender name' }).fill('ACME');
  await expect(branding).toContainText('readable');
  await branding.getByRole('button', { name: 'Save branding' }).click();
  await expect(toasts(page)).toContainText('Branding saved.');
  await branding.locator('input[type="file"]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: logoPng(),
  });
  await expect(toasts(page)).toContainText('Logo saved.');
  await expect(branding.getByTestId('brand-preview')).toContainText('ACME via Signet');
  expect((await makeAxeBuilder().include('#branding').analyze()).violations).toEqual([]);
  await shoot(page, 'team-branding-settings-1280-light');

  // A document sent from the team (the cookie makes it the current workspace).
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const signer = { name: 'Sam Signer', email: `sam-brand-${stamp}@example.com` };
  const upload = await page.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name: `Branded ${stamp}.pdf`, mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const inTeam = { ...headers, 'X-Signet-Workspace': teamId };
  const recipients = await page.request.put(`/api/v1/documents/${id}/recipients`, {
    headers: inTeam,
    data: { recipients: [signer] },
  });
  expect(recipients.status(), await recipients.text()).toBe(200);
  const [recipient] = ((await recipients.json()) as { recipients: { id: string }[] }).recipients as [{ id: string }];
  const placed = await page.request.put(`/api/v1/documents/${id}/fields`, {
    headers: inTeam,
    data: { fields: [{ recipientId: recipient.id, type: 'signature', page: 1, x: 60, y: 600 }] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await page.request.post(`/api/v1/documents/${id}/send`, { headers: inTeam, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);

  const mail = await smtpSink.waitFor((candidate) => candidate.envelope.to.includes(signer.email));
  expect(mail.parsed.from?.value[0]?.name).toBe('ACME via Signet');
  const logo = mail.parsed.attachments.find((file) => file.cid === 'brand-logo@signet');
  expect(logo?.contentType).toBe('image/png');
  expect(PNG.sync.read(logo!.content)).toMatchObject({ width: 120, height: 40 });
  expect(mail.raw.toString()).toContain('cid:brand-logo@signet');
  const { url } = signingLink(mail, baseURL);

  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, hasTouch: true });
  const phone = await context.newPage();
  await phone.goto(url);
  await waitForHydration(phone);
  for (const width of [390, 1280]) {
    await phone.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(phone, scheme);
      await brandBarShown(phone);
      await expectNoHorizontalOverflow(phone);
      expect((await axeBuilder(phone).analyze()).violations).toEqual([]);
      await shoot(phone, `team-branding-signing-${width}-${scheme}`);
    }
  }
  await context.close();
});
