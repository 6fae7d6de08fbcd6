import { makeHtmlPdfPolyglot, makePng, withAppendedPage } from '@/tests/fixtures/attachment-files';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { withDb } from '../dashboard/helpers';
import { expect, expectNoHorizontalOverflow, shoot, test, waitForHydration } from '../fixtures';
import { recordToasts } from '../toast-helpers';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { openBiometricEnvelope, readEscrowPrivateKey } from '@/scripts/lib/biometric-open';
import { drawWithPen, invitationLink, PEN_PRESSURES, sendContract, waitForDocument } from './helpers';

/**
 * The signer's page against the app as users start it: the link from the
 * invitation mail, opened with no account, on a phone and on a desktop;
 * consent first, then the "Next field" guide across pages.
 */

const recipientRow = (id: string) =>
  withDb((db) =>
    db.prepare('SELECT "status", "openedAt", "consentAt", "consentUserAgent" FROM "Recipient" WHERE "id" = ?').get(id),
  ) as {
    status: string;
    openedAt: string | null;
    consentAt: string | null;
    consentUserAgent: string | null;
  };

test("on a 390 px touch phone: consent first, then the guide walks the signer's fields across pages", async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const sent = await sendContract(owner);
  const link = await invitationLink(sent.ana.email);
  expect(link).toMatch(/^\/sign\//); // an English invitation: the unprefixed address

  const phone = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  const page = await phone.newPage();
  await page.goto(link);
  await waitForHydration(page);
  await waitForDocument(page);
  await expect(page.getByRole('heading', { level: 1, name: sent.name })).toBeVisible();
  await expect(page.getByText(/^Sent by/)).toContainText('@test.signet.localhost');
  await expect(page.getByRole('heading', { name: 'Agreement to sign electronically' })).toBeVisible();
  await expect.poll(() => recipientRow(sent.ana.id).status).toBe('OPENED');

  // Before consent the fields are shown, the others' as quiet placeholders, and nothing is active.
  const own = page.locator('[data-signing-field]');
  await expect(page.locator('[data-signing-layer="1"] [data-signing-field]')).toHaveCount(1);
  await expect(page.locator('[data-signing-layer="1"] [data-other-field]')).toHaveCount(1);
  await expect(page.locator('[data-other-field]').first()).toHaveAttribute('aria-hidden', 'true');
  await expect(own.locator('[data-active]')).toHaveCount(0);
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'signing-consent-390', { fullPage: true });

  await page.getByRole('button', { name: 'Agree and continue' }).tap();
  await expect(page.getByRole('alert').filter({ hasText: 'Tick the box' })).toBeVisible();
  expect(recipientRow(sent.ana.id).consentAt).toBeNull();
  await page.getByLabel('I have read this disclosure').check();
  await page.getByRole('button', { name: 'Agree and continue' }).tap();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 1 of 5');
  await expect.poll(() => recipientRow(sent.ana.id).consentAt).not.toBeNull();
  expect(recipientRow(sent.ana.id).consentUserAgent).toBe(await page.evaluate(() => navigator.userAgent));

  // The first field is the signature on page 1, active and in view; "Next field" jumps to page 2, then page 3.
  const active = page.locator('[data-signing-field][data-active]');
  await expect(active).toHaveAttribute('data-field-type', 'signature');
  // Signing it: the capture dialog, a pen with pressure and tilt; the field then shows the server's drawing.
  await page.locator('[data-signature-open]').tap();
  await drawWithPen(page);
  await shoot(page, 'signing-capture-390');
  await page.locator('[data-dialog-button="done"]').tap();
  await expect(page.locator('[data-signature-editor] img')).toBeVisible();
  await expect(page.locator('[data-signature-open]')).toHaveText('Change');
  await expect(page.locator('[data-signing-field][data-field-type="signature"] img')).toBeVisible();
  // The biometric record, opened with the escrow private key the instance generated (BIOMETRIC_ESCROW_PUBLIC_KEY unset), holds the pen's pressures.
  const row = withDb((db) =>
    db
      .prepare(
        'SELECT s."kind", s."biometric" FROM "Signature" s JOIN "Field" f ON f."id" = s."fieldId" WHERE f."recipientId" = ?',
      )
      .get(sent.ana.id),
  ) as { kind: string; biometric: string };
  expect(row.kind).toBe('DRAWN');
  const privateKey = readEscrowPrivateKey(
    readFileSync(
      path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e', 'biometric-escrow-PRIVATE-move-me.pem'),
      'utf8',
    ),
  );
  const { record } = openBiometricEnvelope(JSON.parse(row.biometric), privateKey);
  const samples = record.strokes.flatMap((stroke) => stroke.samples);
  expect(record.strokes[0]!.pointerType).toBe('pen');
  for (const pressure of PEN_PRESSURES)
    expect(samples.some((sample) => Math.abs((sample[3] ?? -1) - pressure) < 0.001)).toBe(true);
  expect(samples[0]!.slice(4, 6)).toEqual([25, -15]);
  await page.getByRole('button', { name: 'Next field' }).tap();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 2 of 5');
  await expect(active).toHaveAttribute('data-field-type', 'dropdown');
  await expect(active).toBeInViewport();
  await expect(page.locator('[data-guide-field] select')).toBeFocused();
  await page.getByRole('button', { name: 'Next field' }).tap();
  await expect(active).toHaveAttribute('data-field-type', 'text');
  await page.getByRole('button', { name: 'Next field' }).tap();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 4 of 5');
  await expect(active).toHaveAttribute('data-field-type', 'checkbox');
  await expect(active).toBeInViewport();
  await expect(page.locator('[data-signing-layer="3"]')).toBeInViewport();
  // The name field on page 3 shows the signer's name before they type anything; the date says it fills itself.
  await expect(page.locator('[data-signing-layer="3"] [data-field-type="name"]')).toHaveText('Ana Silva');
  await expect(page.locator('[data-signing-layer="3"] [data-field-type="date"]')).toHaveText('Signing date');
  // The previous-field button goes back; a tap on a field on the page makes it the active one.
  await page.getByRole('button', { name: 'Previous field' }).tap();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 3 of 5');
  await page.locator('[data-signing-layer="3"] [data-field-type="name"]').tap();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 5 of 5');
  await expect(page.locator('[data-guide-field] input')).toHaveValue('Ana Silva');
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'signing-guide-390');
  await phone.close();
});

test("at 1280 px, in the invitation's language with a switch; another recipient's link shows their own fields only", async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const sent = await sendContract(owner, { locale: 'pt' });
  const link = await invitationLink(sent.ana.email);
  expect(link).toMatch(/^\/pt\/sign\//);

  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await desktop.newPage();
  await page.goto(link);
  await waitForHydration(page);
  await waitForDocument(page);
  await expect(page.getByRole('heading', { name: 'Acordo para assinar eletronicamente' })).toBeVisible();
  await shoot(page, 'signing-consent-1280-pt');

  // The language switch keeps the link.
  await page.getByRole('button', { name: /^Idioma/ }).click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect(page).toHaveURL(new RegExp(`${link.replace('/pt', '')}$`));
  await expect(page.getByRole('heading', { name: 'Agreement to sign electronically' })).toBeVisible();
  await waitForDocument(page);

  // Keyboard only: tick, agree, then the guide.
  await page.getByLabel('I have read this disclosure').focus();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(page.getByRole('button', { name: 'Agree and continue' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 1 of 5');
  await page.getByRole('button', { name: 'Next field' }).press('Enter');
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 2 of 5');
  await expect(page.locator('[data-signing-field][data-active]')).toBeInViewport();
  await shoot(page, 'signing-guide-1280');

  // Bo's link: his signature is his own field, Ana's signature beside it a placeholder; his guide has one step.
  const bo = await desktop.newPage();
  await bo.goto(await invitationLink(sent.bo.email));
  await waitForDocument(bo);
  await expect(bo.locator('[data-signing-layer="1"] [data-signing-field]')).toHaveCount(1);
  await expect(bo.locator('[data-signing-layer="1"] [data-other-field]')).toHaveCount(1);
  await bo.getByLabel('Li esta informação').check();
  await bo.getByRole('button', { name: 'Aceitar e continuar' }).click();
  await expect(bo.locator('[data-guide-progress]')).toHaveText('Campo 1 de 1');
  await desktop.close();
});

test('filling every data field and finishing: the done page, the recipient signed, the date filled by the server; a decline ends the document', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const sent = await sendContract(owner, { signatureRequired: false });
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const page = await phone.newPage();
  await page.goto(await invitationLink(sent.ana.email));
  await waitForDocument(page);
  await page.getByLabel('I have read this disclosure').check();
  await page.getByRole('button', { name: 'Agree and continue' }).tap();
  // Finishing with required fields empty goes to the first of them instead.
  await page.getByRole('button', { name: 'Finish', exact: true }).tap();
  await expect(page.locator('[data-sonner-toaster]')).toContainText('3 required fields are still empty.');
  await expect(page.locator('[data-signing-field][data-active]')).toHaveAttribute('data-field-type', 'dropdown');

  await page.locator('[data-guide-field] select').selectOption('Pro');
  await page.getByRole('button', { name: 'Next field' }).tap();
  await page.locator('[data-guide-field] input').fill('Acme Lda');
  await page.getByRole('button', { name: 'Next field' }).tap();
  await expect(page.locator('[data-signing-field][data-active]')).toHaveAttribute('data-field-type', 'checkbox');
  await page.locator('[data-guide-field] input[type="checkbox"]').check();
  await expect(page.locator('[data-signing-layer="3"] [data-field-type="checkbox"]')).toHaveText('✓');
  await expect(page.locator('[data-signing-layer="2"] [data-field-type="text"]')).toHaveAttribute(
    'data-filled',
    'true',
  );
  await page.getByRole('button', { name: 'Finish', exact: true }).tap();
  // The confirm-all-signed preset: "Review again" keeps the page as it was; "Confirm and sign" signs.
  await expect(page.getByRole('heading', { name: 'Everything is filled in' })).toBeVisible();
  await page.getByRole('button', { name: 'Review again' }).tap();
  await expect(page.getByRole('heading', { name: 'Everything is filled in' })).toHaveCount(0);
  expect(recipientRow(sent.ana.id).status).not.toBe('SIGNED');
  await page.getByRole('button', { name: 'Finish', exact: true }).tap();
  await page.getByRole('button', { name: 'Confirm and sign' }).tap();
  await expect(page.getByRole('heading', { name: 'Done: you have signed' })).toBeFocused();
  await expect(page.locator('[data-signing-done="signed"]')).toContainText('What happens next');
  await expectNoHorizontalOverflow(page);
  await shoot(page, 'signing-done-390');

  // Stored: the values (the prefilled name saved on finishing), the date by the server, Ana signed.
  const values = withDb((db) =>
    db.prepare('SELECT "type", "value" FROM "Field" WHERE "recipientId" = ? ORDER BY "page", "y"').all(sent.ana.id),
  ) as { type: string; value: string | null }[];
  expect(values.map(({ type, value }) => [type, type === 'DATE' ? Boolean(value) : value])).toEqual([
    ['SIGNATURE', null],
    ['DROPDOWN', 'Pro'],
    ['TEXT', 'Acme Lda'],
    ['CHECKBOX', 'true'],
    ['NAME', 'Ana Silva'],
    ['DATE', true],
  ]);
  expect(recipientRow(sent.ana.id).status).toBe('SIGNED');
  // The same link now says it was used.
  await page.reload();
  await expect(page.locator('[data-signing-gone="signed"]')).toContainText(sent.name);

  // Bo declines with a reason: the document is declined and his page says so.
  const bo = await phone.newPage();
  await bo.goto(await invitationLink(sent.bo.email));
  await waitForDocument(bo);
  // Declining is offered before consent: someone who will not sign electronically can still say no (and nothing records consent).
  await bo.getByRole('button', { name: 'Decline to sign' }).tap();
  await bo.getByLabel('Reason').fill('The amount in section 3 is wrong.');
  await bo.getByRole('button', { name: 'Decline', exact: true }).tap();
  await expect(bo.getByRole('heading', { name: 'You declined to sign' })).toBeVisible();
  expect(withDb((db) => db.prepare('SELECT "status" FROM "Document" WHERE "id" = ?').get(sent.id))).toEqual({
    status: 'DECLINED',
  });
  expect(recipientRow(sent.bo.id)).toMatchObject({ status: 'DECLINED', consentAt: null });
  await phone.close();
});

test('a number out of range is refused on the field, then a radio choice and an attached file, and the signer finishes', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(120_000);
  const sent = await sendContract(owner, {
    anaFields: [
      { type: 'number', page: 1, x: 60, y: 100, label: 'Seats', min: 1, max: 10 },
      { type: 'radio', page: 1, x: 60, y: 200, label: 'Billing', options: ['Monthly', 'Yearly'] },
      { type: 'attachment', page: 2, x: 60, y: 100, label: 'Company registration' },
      // A signer needs a signature field to be sent; optional here, so finishing waits on no signature capture.
      { type: 'signature', page: 2, x: 60, y: 400, required: false },
    ],
  });
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await page.goto(await invitationLink(sent.ana.email));
  await waitForDocument(page);
  await page.getByLabel('I have read this disclosure').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();

  const seen = await recordToasts(page);
  const input = page.locator('[data-guide-field] input');
  await expect(page.locator('[data-guide-field]')).toContainText('Between 1 and 10');
  await input.fill('42');
  await page.getByRole('button', { name: 'Next field' }).click();
  await expect(input).toHaveAttribute('aria-invalid', 'true');
  await expect(page.locator('[data-guide-field]')).toContainText('At most 10.');
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 1 of 4');
  await input.fill('7');
  await page.getByRole('button', { name: 'Next field' }).click();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 2 of 4');
  await page.getByRole('radio', { name: 'Yearly' }).check();
  await expect(page.locator('[data-signing-field][data-active]')).toHaveText('Yearly');
  await page.getByRole('button', { name: 'Next field' }).click();
  await expect(page.locator('[data-guide-progress]')).toHaveText('Field 3 of 4');
  const fileInput = page.locator('[data-guide-field] input[type="file"]');
  const stored = () =>
    page.waitForResponse(
      (response) => /\/api\/v1\/signing\/[^/]+\/fields\//.test(response.url()) && response.request().method() === 'PUT',
    );
  // Refusals are shown on the field: a file over the limit before it is sent, a PDF that is also a web page by the server.
  await fileInput.setInputFiles({
    name: 'scan.png',
    mimeType: 'image/png',
    buffer: Buffer.concat([makePng(2, 2), Buffer.alloc(11 * 1024 * 1024)]),
  });
  await expect(page.locator('[data-guide-field]')).toContainText('The file is 11 MB; attach one of at most 10 MB.');
  const polyglot = stored();
  await fileInput.setInputFiles({ name: 'Invoice.html', mimeType: 'text/html', buffer: await makeHtmlPdfPolyglot() });
  expect((await polyglot).status()).toBe(422);
  await expect(page.locator('[data-guide-field]')).toContainText('The PDF also reads as a web page');
  // An image goes through the re-encoding worker of the built app: kept as a PNG without what was appended to it.
  const image = stored();
  await fileInput.setInputFiles({
    name: 'photo.pdf',
    mimeType: 'application/pdf',
    buffer: withAppendedPage(makePng(8, 8)),
  });
  expect((await image).status()).toBe(200);
  await expect(page.locator('[data-guide-field]')).toContainText('A file is attached.');
  await expect(page.locator('[data-guide-field]')).not.toContainText('web page');
  const imageValue = withDb((db) =>
    db.prepare('SELECT "value" FROM "Field" WHERE "recipientId" = ? AND "type" = \'ATTACHMENT\'').get(sent.ana.id),
  ) as { value: string };
  expect(JSON.parse(imageValue.value)).toMatchObject({ name: 'photo.png', contentType: 'image/png' });
  const pdf = stored();
  await fileInput.setInputFiles({ name: 'registration.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) });
  expect((await pdf).status()).toBe(200);
  await expect(page.locator('[data-guide-field]')).toContainText('A file is attached.');
  // Each refusal was said once, on the field shown in the guide: no toast repeated it.
  expect((await seen()).filter((text) => text.startsWith('Not saved'))).toEqual([]);

  // While the confirmation waits for the signer, nothing is being finished and the button does not say so;
  // once confirmed it does, until the server answers (held here until that is seen).
  const finish = page.locator('[data-signing-finish]');
  await finish.click();
  const sign = page.getByRole('button', { name: 'Confirm and sign' });
  await expect(sign).toBeVisible();
  await expect(finish).toHaveText('Finish');
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/v1/signing/*/complete', async (route) => {
    await held;
    await route.continue();
  });
  await sign.click();
  await expect(finish).toHaveText('Finishing…');
  release();
  await expect(page.locator('[data-signing-done="signed"]')).toBeVisible();

  const values = withDb((db) =>
    db.prepare('SELECT "type", "value" FROM "Field" WHERE "recipientId" = ? ORDER BY "page", "y"').all(sent.ana.id),
  ) as { type: string; value: string }[];
  expect(values.slice(0, 2)).toEqual([
    { type: 'NUMBER', value: '7' },
    { type: 'RADIO', value: 'Yearly' },
  ]);
  expect(JSON.parse(values[2]?.value ?? '{}')).toMatchObject({
    name: 'registration.pdf',
    contentType: 'application/pdf',
  });
  expect(values[3]).toEqual({ type: 'SIGNATURE', value: null });
});
