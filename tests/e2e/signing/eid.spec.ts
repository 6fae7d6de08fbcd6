import type { Browser, Page } from '@playwright/test';
import { makePdf } from '@/tests/fixtures/pdf-files';
import { DEMO_PASSWORD, idpUrl, signInAsNew, throwawayEmail } from '../auth/helpers';
import { withDb, xsrfHeaders } from '../dashboard/helpers';
import { expect, test } from '../fixtures';

/**
 * A signer whose auth is `oidc` confirms who they are at the eID provider:
 * the local identity provider, which `npm start` registers as the signers'
 * eID when SIGNER_OIDC_ISSUER is unset. A real Chromium carries the sealed
 * flow cookie across the provider's redirects (SameSite=Lax, path-limited).
 */

type TRecipientRow = { authAt: string | null; authSubject: string | null; authName: string | null };
const recipientRow = (id: string) =>
  withDb((db) => db.prepare('SELECT "authAt", "authSubject", "authName" FROM "Recipient" WHERE "id" = ?').get(id)) as TRecipientRow;

/** The owner sends a one-page PDF to one signer who must use an eID; returns a working link (path) and the recipient. */
async function sendToEidSigner(owner: Page, name: string) {
  await signInAsNew(owner, 'eid-owner');
  const headers = await xsrfHeaders(owner);
  const upload = await owner.request.post('/api/v1/documents', { headers, multipart: { file: { name: 'Lease.pdf', mimeType: 'application/pdf', buffer: await makePdf(1) } } });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const recipients = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: { recipients: [{ email: throwawayEmail('eid-signer'), name, auth: 'oidc' }] },
  });
  const recipientId = ((await recipients.json()) as { recipients: { id: string }[] }).recipients[0]?.id ?? '';
  const placed = await owner.request.put(`/api/v1/documents/${id}/fields`, { headers, data: { fields: [{ recipientId, type: 'signature', page: 1, x: 10, y: 10 }] } });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await owner.request.post(`/api/v1/documents/${id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await owner.request.post(`/api/v1/documents/${id}/recipients/${recipientId}/link`, { headers });
  return { recipientId, path: new URL(((await link.json()) as { url: string }).url).pathname };
}

/** A signer's own browser (no account), sent to the provider as the page does: POST …/oidc/start, then its URL. */
async function signerAtProvider(browser: Browser, path: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  const token = path.split('/sign/')[1] ?? '';
  const started = await page.request.post(`/api/v1/signing/${token}/oidc/start`, { data: {} });
  expect(started.status(), await started.text()).toBe(200);
  const { url } = (await started.json()) as { url: string };
  expect(new URL(url).origin).toBe(idpUrl);
  await page.goto(url);
  await expect(page).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
  return page;
}

test('the signer signs in at the eID provider and comes back confirmed; the verified name is kept', async ({ browser, page: owner }) => {
  test.setTimeout(90_000);
  const { recipientId, path } = await sendToEidSigner(owner, 'Someone Else');
  const signer = await signerAtProvider(browser, path);
  const local = `eid${Date.now().toString(36)}`;
  await signer.getByLabel('Email').fill(`${local}@test.signet.localhost`);
  await signer.getByLabel('Password').fill(DEMO_PASSWORD);
  await signer.getByRole('button', { name: 'Sign in' }).click();
  await expect(signer).toHaveURL((url) => url.pathname.endsWith(path) && !url.searchParams.has('eidError'));
  await expect.poll(() => recipientRow(recipientId).authAt).not.toBeNull();
  const row = recipientRow(recipientId);
  expect(row.authSubject).toBe(`${idpUrl}#test-${local}`);
  expect(row.authName).toBe(`Test ${local}`);
  // The flow's cookie is spent once used.
  expect((await signer.context().cookies()).find(({ name }) => name === 'signet_eid')).toBeUndefined();
});

test('a signer who cancels at the provider comes back with eidError=cancelled, not confirmed', async ({ browser, page: owner }) => {
  test.setTimeout(90_000);
  const { recipientId, path } = await sendToEidSigner(owner, 'Test nobody');
  const signer = await signerAtProvider(browser, path);
  await signer.getByRole('button', { name: 'Cancel' }).click();
  await expect(signer).toHaveURL((url) => url.pathname.endsWith(path) && url.searchParams.get('eidError') === 'cancelled');
  expect(recipientRow(recipientId).authAt).toBeNull();
});
