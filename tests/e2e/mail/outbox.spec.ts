import { randomUUID } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import nodemailer from 'nodemailer';
import { XSRF_COOKIE, XSRF_HEADER } from '@/lib/auth/xsrf';
import { outboxFileName, outboxIdOf } from '@/lib/server/mail/outbox-files';
import { signInAs } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, setScheme, shoot, test } from '../fixtures';

// The app under test writes its mail here (playwright.config.ts: DATA_DIR, no SMTP_URL in this pass).
const outbox = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e', 'outbox');
const port = Number(process.env.E2E_PORT ?? 3210);
const shots = process.env.E2E_SCREENSHOTS;

/** Puts a mail into the outbox the way the app's writer names it; its HTML tries everything a hostile mail could. */
async function plantHostileMail(subject: string) {
  const html = [
    '<p>Hostile mail</p>',
    '<script>parent.document.title = "pwned"; alert("script")</script>',
    '<img src="x" onerror="alert(\'img\')">',
    `<a id="out" href="http://localhost:${port}/pricing">Pricing page</a>`,
  ].join('');
  await plantMail(subject, html, `See http://localhost:${port}/pricing`);
}

/** Puts a mail into the outbox the way the app's writer names it. */
async function plantMail(subject: string, html: string, text: string) {
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  const { message: raw } = await composer.sendMail({ from: 'x@example.com', to: 'y@example.com', subject, html, text });
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(outbox, outboxFileName(new Date(), randomUUID())), raw as Buffer, { mode: 0o600 });
}

test('someone who is not an administrator gets 403 from the outbox page, its mails and the test-mail API', async ({
  page,
}) => {
  await signInAs(page, 'bob', '/account');
  expect((await page.goto('/admin/outbox'))?.status()).toBe(403);
  expect((await page.goto(`/admin/outbox/${outboxIdOf(outboxFileName(new Date(), randomUUID()))}`))?.status()).toBe(
    403,
  );
  // With the anti-forgery header a page would send, so the refusal is the administrator check's.
  const xsrf = (await page.context().cookies()).find((cookie) => cookie.name === XSRF_COOKIE)?.value ?? '';
  const api = await page.request.post('/api/admin/outbox/test-mail', {
    data: { locale: 'en' },
    headers: { [XSRF_HEADER]: xsrf },
  });
  expect(api.status()).toBe(403);
  expect(await api.json()).toMatchObject({ detail: 'Only administrators may do this.' });
});

test('an administrator sends a test mail, finds it in the outbox, reads both parts and follows its link', async ({
  page,
  makeAxeBuilder,
}) => {
  // Two mails opened, axe run twice: past the default 30 s on a loaded machine.
  test.setTimeout(90_000);
  await signInAs(page, 'admin', '/admin');
  await page.getByRole('link', { name: 'Open the mail outbox' }).click();
  await expect(page).toHaveURL(/\/admin\/outbox$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail outbox');

  await page.getByRole('button', { name: 'Send a test mail to me' }).click();
  await expect(page.getByRole('status')).toHaveText('Test mail sent to admin@signet.localhost.');
  const table = page.getByRole('region', { name: 'Mail outbox' });
  const row = table.getByRole('row').nth(1); // newest first, under the header row
  await expect(row.getByRole('cell').nth(1)).toHaveText('admin@signet.localhost');
  await expect(row.getByRole('cell').nth(2)).toHaveText(/\d{4}/);
  await expect(row.getByRole('link')).toHaveText('Signet test mail');
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, `outbox-list-${width}-${scheme}`, { fullPage: true });
      }
    }
    await setScheme(page, 'light');
  }

  await row.getByRole('link', { name: 'Signet test mail' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Signet test mail');
  await expect(page.getByText('admin@signet.localhost').first()).toBeVisible();
  await expect(page.getByText(/^<[0-9a-f-]{36}@localhost>$/)).toBeVisible();
  const frame = page.frameLocator('iframe[title="The mail as its recipient sees it"]');
  await expect(frame.getByRole('heading', { name: 'Mail from Signet works' })).toBeVisible();
  // The frame's content is the mail, not this page, and axe cannot run in it: the sandbox allows no scripts.
  expect((await makeAxeBuilder().exclude('iframe').analyze()).violations).toEqual([]);
  await expectNoHorizontalOverflow(page);
  await expect(frame.getByText('This message was sent automatically by Signet.')).toBeVisible();
  if (shots) {
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await shoot(page, `outbox-mail-${width}-${scheme}`, { fullPage: true });
      }
    }
    await setScheme(page, 'light');
  }

  // The link in the HTML part opens in a new tab, outside the sandbox.
  const outboxUrl = `http://localhost:${port}/admin/outbox`;
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    frame.getByRole('link', { name: 'Open the outbox' }).click(),
  ]);
  await expect(popup).toHaveURL(outboxUrl);
  await popup.close();
  // The text part carries the same link as a plain address, clickable here.
  const textPart = page.getByRole('region', { name: 'Plain-text part' });
  await expect(textPart).toContainText(`Open the outbox ${outboxUrl}`);
  await textPart.getByRole('link', { name: outboxUrl }).click();
  await expect(page).toHaveURL(outboxUrl);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Mail outbox');
  // A long mail shows whole, its footer too, without a scroll inside the frame (which readers miss), on a phone and a desktop.
  const long = `Long mail ${Date.now()}`;
  const paragraphs = Array.from(
    { length: 12 },
    (_, index) => `Paragraph ${index + 1}: ${'the terms of this agreement are set out below in full. '.repeat(4)}`,
  );
  await plantMail(
    long,
    `${paragraphs.map((text) => `<p>${text}</p>`).join('')}<p>The footer of the long mail.</p>`,
    [...paragraphs, 'The footer of the long mail.'].join('\n\n'),
  );
  await page.reload();
  await page.getByRole('link', { name: long }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(long);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    const box = await page.locator('iframe').boundingBox();
    const footer = await frame.getByText('The footer of the long mail.').boundingBox();
    expect(
      box && footer && footer.y + footer.height <= box.y + box.height,
      `footer inside the frame at ${width}px`,
    ).toBe(true);
    await expectNoHorizontalOverflow(page);
  }
});

test('a hostile mail in the outbox runs nothing: no script, no handler, the page untouched', async ({ page }) => {
  const subject = `Hostile ${Date.now()}`;
  await plantHostileMail(subject);
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  await signInAs(page, 'admin', '/admin/outbox');
  await page.getByRole('link', { name: subject }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(subject);
  const frame = page.frameLocator('iframe[title="The mail as its recipient sees it"]');
  await expect(frame.getByText('Hostile mail')).toBeVisible();
  await expect(frame.getByRole('link', { name: 'Pricing page' })).toBeVisible();
  await page.waitForTimeout(500);
  expect(dialogs).toEqual([]);
  expect(await page.title()).not.toBe('pwned');
  await expect(page.locator('iframe')).toHaveAttribute('sandbox', 'allow-popups allow-popups-to-escape-sandbox');
});

test('a name the outbox never wrote is 404, also one that climbs out of the folder', async ({ page }) => {
  await signInAs(page, 'admin', '/admin/outbox');
  for (const name of [
    '..%2Fsignet',
    'signet',
    `${outboxIdOf(outboxFileName(new Date(), randomUUID()))}`,
    '%2E%2E%2F%2E%2E%2Fetc%2Fpasswd',
  ]) {
    expect((await page.goto(`/admin/outbox/${name}`))?.status(), name).toBe(404);
  }
});

test('an administrator abroad reads the outbox dates in their own time zone, not the server’s', async ({ browser }) => {
  const context = await browser.newContext({ timezoneId: 'Asia/Tokyo', locale: 'en-US' });
  const page = await context.newPage();
  const subject = `Time zone check ${randomUUID().slice(0, 8)}`;
  const composer = nodemailer.createTransport({ streamTransport: true, buffer: true });
  // 23:30 UTC on 1 January is 08:30 on 2 January in Tokyo.
  const { message: raw } = await composer.sendMail({
    from: 'x@example.com',
    to: 'y@example.com',
    subject,
    text: 'Hello',
    date: new Date('2026-01-01T23:30:00Z'),
  });
  mkdirSync(outbox, { recursive: true, mode: 0o700 });
  writeFileSync(path.join(outbox, outboxFileName(new Date(), randomUUID())), raw as Buffer, { mode: 0o600 });

  await signInAs(page, 'admin', '/admin/outbox');
  const row = page.getByRole('region', { name: 'Mail outbox' }).getByRole('row').filter({ hasText: subject });
  await expect(row.getByRole('cell').nth(2)).toHaveText('Jan 2, 2026, 8:30:00 AM');
  await row.getByRole('link', { name: subject }).click();
  await expect(page.getByText('January 2, 2026 at 8:30:00 AM')).toBeVisible();
  await context.close();
});
