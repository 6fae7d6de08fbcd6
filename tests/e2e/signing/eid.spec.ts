import type { Browser, Page } from '@playwright/test';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { DEMO_PASSWORD, idpUrl, signInAsNew, throwawayEmail } from '../auth/helpers';
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
import { waitForDocument } from './helpers';

/**
 * A signer whose auth is `oidc` confirms who they are at the eID provider:
 * the local identity provider, which `npm start` registers as the signers'
 * eID when SIGNER_OIDC_ISSUER is unset. A real Chromium carries the sealed
 * flow cookie across the provider's redirects (SameSite=Lax, path-limited).
 */

type TRecipientRow = { authAt: string | null; authSubject: string | null; authName: string | null };
const recipientRow = (id: string) =>
  withDb((db) =>
    db.prepare('SELECT "authAt", "authSubject", "authName" FROM "Recipient" WHERE "id" = ?').get(id),
  ) as TRecipientRow;

/** The owner sends a one-page PDF to one signer who must use an eID; returns a working link (path) and the recipient. */
async function sendToEidSigner(owner: Page, name: string) {
  await signInAsNew(owner, 'eid-owner');
  const headers = await xsrfHeaders(owner);
  const upload = await owner.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name: 'Lease.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const recipients = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: { recipients: [{ email: throwawayEmail('eid-signer'), name, auth: 'oidc' }] },
  });
  const recipientId = ((await recipients.json()) as { recipients: { id: string }[] }).recipients[0]?.id ?? '';
  const placed = await owner.request.put(`/api/v1/documents/${id}/fields`, {
    headers,
    data: { fields: [{ recipientId, type: 'signature', page: 1, x: 10, y: 10 }] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await owner.request.post(`/api/v1/documents/${id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await owner.request.post(`/api/v1/documents/${id}/recipients/${recipientId}/link`, { headers });
  return { recipientId, path: new URL(((await link.json()) as { url: string }).url).pathname };
}

/** The signer's page in their own browser (no account): consent given, at the eID step. */
async function signerAtEidStep(browser: Browser, path: string, width: number, scheme: 'light' | 'dark'): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await startInScheme(page, scheme);
  await page.goto(path);
  await waitForHydration(page);
  await waitForDocument(page);
  await page.getByLabel('I have read this disclosure').check();
  await page.getByRole('button', { name: 'Agree and continue' }).click();
  await expect(page.getByRole('heading', { name: 'Confirm who you are' })).toBeVisible();
  return page;
}

/** The page sends the browser to the provider (POST …/oidc/start, then its URL). */
async function toProvider(page: Page) {
  await page.getByRole('button', { name: 'Confirm with my eID' }).click();
  await expect(page).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
}

const axe = (page: Page) => axeBuilder(page);

for (const [width, scheme] of [
  [390, 'light'],
  [390, 'dark'],
  [1280, 'light'],
  [1280, 'dark'],
] as const) {
  test(`at ${width}px, ${scheme}: the signer confirms with the eID and comes back; a name that differs is shown and kept`, async ({
    browser,
    page: owner,
  }) => {
    test.setTimeout(120_000);
    const { recipientId, path } = await sendToEidSigner(owner, 'Someone Else');
    const signer = await signerAtEidStep(browser, path, width, scheme);
    await expectNoHorizontalOverflow(signer);
    expect((await axe(signer).analyze()).violations).toEqual([]);
    await shoot(signer, `eid-step-${width}-${scheme}`);

    await toProvider(signer);
    const local = `eid${Date.now().toString(36)}`;
    await signer.getByLabel('Email').fill(`${local}@test.signet.localhost`);
    await signer.getByLabel('Password').fill(DEMO_PASSWORD);
    await signer.getByRole('button', { name: 'Sign in' }).click();
    await expect(signer).toHaveURL((url) => url.pathname.endsWith(path) && !url.searchParams.has('eidError'));
    await waitForDocument(signer);
    await expect(signer.getByText(`Confirmed by eID as Test ${local}.`)).toBeVisible();
    await expect(
      signer
        .getByRole('note')
        .filter({ hasText: `Your eID gives your name as Test ${local}, but the sender wrote Someone Else.` }),
    ).toBeVisible();
    await expect(signer.getByRole('button', { name: 'Confirm with my eID' })).toHaveCount(0);
    await expect(signer.locator('[data-guide-progress]')).toBeVisible();
    await expectNoHorizontalOverflow(signer);
    expect((await axe(signer).analyze()).violations).toEqual([]);
    await shoot(signer, `eid-confirmed-${width}-${scheme}`);

    const row = recipientRow(recipientId);
    expect(row.authAt).not.toBeNull();
    expect(row.authSubject).toBe(`${idpUrl}#test-${local}`);
    expect(row.authName).toBe(`Test ${local}`);
    // The flow's cookie is spent once used.
    expect((await signer.context().cookies()).find(({ name }) => name === 'signet_eid')).toBeUndefined();
  });
}

test('a signer who cancels at the provider comes back to the eID step with the reason, not confirmed', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(90_000);
  const { recipientId, path } = await sendToEidSigner(owner, 'Test nobody');
  const signer = await signerAtEidStep(browser, path, 1280, 'light');
  await toProvider(signer);
  await signer.getByRole('button', { name: 'Cancel' }).click();
  await expect(signer).toHaveURL(
    (url) => url.pathname.endsWith(path) && url.searchParams.get('eidError') === 'cancelled',
  );
  await expect(signer.getByRole('alert').filter({ hasText: 'You cancelled the eID sign-in.' })).toBeVisible();
  await expect(signer.getByRole('button', { name: 'Confirm with my eID' })).toBeEnabled();
  expect(recipientRow(recipientId).authAt).toBeNull();
});
