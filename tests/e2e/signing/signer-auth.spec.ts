import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { outboxMails } from '@/tests/unit/api/sending-helpers';
import { signInAsNew, throwawayEmail } from '../auth/helpers';
import { withDb, xsrfHeaders } from '../dashboard/helpers';
import {
  axeBuilder,
  expect,
  expectNoHorizontalOverflow,
  shoot,
  startInScheme,
  test,
  waitForHydration,
} from '../fixtures';
import { contractPdf, waitForDocument } from './helpers';

/**
 * The signing page's one-time-code step (docs/signer-authentication.md): an
 * expired or spent code is said as such and leaves "Send a new code" as the
 * way on; and a viewer whose sender asked for a code sees only that step
 * until it passes. Codes are read from the outbox (no SMTP_URL).
 */

const dataDir = path.resolve(process.env.E2E_DATA_DIR ?? '.test-data/e2e');

type TPerson = { email: string; name: string; role?: string; auth?: string };

/** The owner sends a contract in sequence to `people` (a signature field for each signer); a working link (path) per person. */
async function send(owner: Page, people: TPerson[]) {
  await signInAsNew(owner, 'otp-owner');
  const headers = await xsrfHeaders(owner);
  const upload = await owner.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name: 'Terms.pdf', mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const saved = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: { recipients: people },
  });
  const ids = ((await saved.json()) as { recipients: { id: string }[] }).recipients.map((recipient) => recipient.id);
  const fields = people.flatMap((person, index) =>
    (person.role ?? 'signer') === 'signer'
      ? [{ recipientId: ids[index], type: 'signature', page: 1, x: 72, y: 600 }]
      : [],
  );
  expect((await owner.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields } })).status()).toBe(200);
  expect(
    (
      await owner.request.post(`/api/v1/documents/${id}/send`, { headers, data: { signingOrder: 'sequential' } })
    ).status(),
  ).toBe(200);
  const link = await owner.request.post(`/api/v1/documents/${id}/recipients/${ids[0]}/link`, { headers });
  return { id, ids, path: new URL(((await link.json()) as { url: string }).url).pathname };
}

/** The newest code mailed to `email`. */
async function newestCode(email: string): Promise<string> {
  const mails = (await outboxMails(dataDir)).filter((mail) => mail.to === email && !mail.text.includes('/sign/'));
  return /\b(\d{6})\b/.exec(mails.at(-1)?.text ?? '')?.[1] ?? '';
}

/** How the SQLite adapter stores a DateTime. */
const sqliteTime = (date: Date) => date.toISOString().replace('Z', '+00:00');
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

async function open(browser: Browser, path: string, width: number, scheme: 'light' | 'dark') {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await startInScheme(page, scheme);
  await page.goto(path);
  await waitForHydration(page);
  return page;
}

test('a spent or expired code is said as such, and "Send a new code" is the way on; the new code works', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(150_000);
  const email = throwawayEmail('otp-signer');
  const { ids, path: link } = await send(owner, [{ email, name: 'Olga Otp', auth: 'email_otp' }]);
  const signer = await open(browser, link, 1280, 'light');
  await waitForDocument(signer);
  await signer.getByLabel('I have read this disclosure').check();
  await signer.getByRole('button', { name: 'Agree and continue' }).click();
  const step = signer.locator('[data-signing-auth]');
  await step.getByRole('button', { name: 'Email me a code' }).click();
  await expect(step.getByText(/We sent a 6-digit code to/)).toBeVisible();

  // Five wrong tries spend the code: the form gives way to "Send a new code".
  const first = await newestCode(email);
  for (let left = 4; left >= 1; left--) {
    await step.getByLabel('Code from the email').fill(wrong(first));
    await step.getByRole('button', { name: 'Confirm' }).click();
    await expect(step.getByRole('alert')).toHaveText(`That code is not right. Tries left: ${left}.`);
  }
  await step.getByLabel('Code from the email').fill(wrong(first));
  await step.getByRole('button', { name: 'Confirm' }).click();
  await expect(step.getByRole('alert')).toHaveText('That code cannot be tried again. Ask for a new one.');
  await expect(step.getByLabel('Code from the email')).toHaveCount(0);
  expect((await axeBuilder(signer).analyze()).violations).toEqual([]);
  await step.getByRole('button', { name: 'Send a new code' }).click();

  // A code past its 10 minutes: said as expired, and again a new code is the way on.
  await expect(step.getByLabel('Code from the email')).toBeVisible();
  withDb((db) =>
    db
      .prepare('UPDATE "SignerOtp" SET "expiresAt" = ? WHERE "recipientId" = ? AND "usedAt" IS NULL')
      .run(sqliteTime(new Date(Date.now() - 1000)), ids[0]),
  );
  await step.getByLabel('Code from the email').fill(await newestCode(email));
  await step.getByRole('button', { name: 'Confirm' }).click();
  await expect(step.getByRole('alert')).toHaveText('That code has expired. Ask for a new one.');
  await step.getByRole('button', { name: 'Send a new code' }).click();
  await expect(step.getByLabel('Code from the email')).toHaveValue('');
  await step.getByLabel('Code from the email').fill(await newestCode(email));
  await step.getByRole('button', { name: 'Confirm' }).click();
  await expect(signer.locator('[data-guide-progress]')).toBeVisible();
});

for (const [width, scheme] of [
  [390, 'dark'],
  [1280, 'light'],
] as const) {
  test(`at ${width}px, ${scheme}: a viewer who must confirm a code sees only that step, then the document; opening counts only then`, async ({
    browser,
    page: owner,
  }) => {
    test.setTimeout(150_000);
    const email = throwawayEmail('otp-viewer');
    const { ids, path: link } = await send(owner, [
      { email, name: 'Vera Viewer', role: 'viewer', auth: 'email_otp' },
      { email: throwawayEmail('after-viewer'), name: 'Sam Signer' },
    ]);
    const viewer = await open(browser, link, width, scheme);
    const step = viewer.locator('[data-signing-auth]');
    await expect(
      step.getByText('Before you open the document, confirm who you are with a code sent to your email.'),
    ).toBeVisible();
    await expect(viewer.locator('[data-first-page-painted]')).toHaveCount(0);
    await expect(viewer.getByRole('link', { name: 'Download the PDF' })).toHaveCount(0);
    await expectNoHorizontalOverflow(viewer);
    expect((await axeBuilder(viewer).analyze()).violations).toEqual([]);
    await shoot(viewer, `viewer-auth-${width}-${scheme}`);
    const opened = () =>
      withDb((db) => db.prepare('SELECT "openedAt" FROM "Recipient" WHERE "id" = ?').get(ids[0])) as {
        openedAt: number | null;
      };
    expect(opened().openedAt).toBeNull();

    await step.getByRole('button', { name: 'Email me a code' }).click();
    await expect(step.getByText(/We sent a 6-digit code to/)).toBeVisible();
    await step.getByLabel('Code from the email').fill(await newestCode(email));
    await step.getByRole('button', { name: 'Confirm' }).click();
    await waitForDocument(viewer);
    await expect(step).toHaveCount(0);
    expect(opened().openedAt).not.toBeNull();
  });
}
