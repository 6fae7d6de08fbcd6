import type { Browser, Page } from '@playwright/test';
import { DEMO_PASSWORD, idpUrl, signInAsNew, throwawayEmail } from '../auth/helpers';
import { documentStatus, toasts, xsrfHeaders } from '../dashboard/helpers';
import { axeBuilder, expect, expectNoHorizontalOverflow, setScheme, shoot, test, waitForHydration } from '../fixtures';
import { contractPdf, waitForDocument } from '../signing/helpers';

/**
 * EID_NAME_MISMATCH=review (the default): a signer confirms with an eID in
 * another name than the one the owner typed and signs; the document waits
 * for the owner, who sees both names in the workspace and accepts; then it
 * is sealed. The eID is the local identity provider `npm start` runs.
 */

/** The owner sends a three-page contract to one signer who must use an eID; returns the document, a working link (path) and its token. */
async function sendToEidSigner(owner: Page, name: string) {
  await signInAsNew(owner, 'idreview-owner');
  const headers = await xsrfHeaders(owner);
  const upload = await owner.request.post('/api/v1/documents', {
    headers,
    multipart: { file: { name: 'Loan.pdf', mimeType: 'application/pdf', buffer: await contractPdf() } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { id } = (await upload.json()) as { id: string };
  const recipients = await owner.request.put(`/api/v1/documents/${id}/recipients`, {
    headers,
    data: { recipients: [{ email: throwawayEmail('idreview-signer'), name, auth: 'oidc' }] },
  });
  const recipientId = ((await recipients.json()) as { recipients: { id: string }[] }).recipients[0]?.id ?? '';
  const placed = await owner.request.put(`/api/v1/documents/${id}/fields`, {
    headers,
    data: { fields: [{ recipientId, type: 'signature', page: 1, x: 72, y: 600 }] },
  });
  expect(placed.status(), await placed.text()).toBe(200);
  const sent = await owner.request.post(`/api/v1/documents/${id}/send`, { headers, data: {} });
  expect(sent.status(), await sent.text()).toBe(200);
  const link = await owner.request.post(`/api/v1/documents/${id}/recipients/${recipientId}/link`, { headers });
  const path = new URL(((await link.json()) as { url: string }).url).pathname;
  return { id, path, token: path.split('/sign/')[1] ?? '' };
}

/** The signer, in their own browser: consent, the eID at the provider as `local`, then a typed signature and "finish" through the signer API. */
async function signWithOtherEid(browser: Browser, path: string, token: string, local: string) {
  const signer = await (await browser.newContext({ viewport: { width: 1280, height: 900 } })).newPage();
  await signer.goto(path);
  await waitForHydration(signer);
  await waitForDocument(signer);
  await signer.getByLabel('I have read this disclosure').check();
  await signer.getByRole('button', { name: 'Agree and continue' }).click();
  await signer.getByRole('button', { name: 'Confirm with my eID' }).click();
  await expect(signer).toHaveURL(new RegExp(`^${idpUrl}/interaction/`));
  await signer.getByLabel('Email').fill(`${local}@test.signet.localhost`);
  await signer.getByLabel('Password').fill(DEMO_PASSWORD);
  await signer.getByRole('button', { name: 'Sign in' }).click();
  await expect(signer).toHaveURL((url) => url.pathname.endsWith(path) && !url.searchParams.has('eidError'));
  await expect(
    signer.getByRole('note').filter({ hasText: 'the sender must accept it before the document is completed' }),
  ).toBeVisible();
  const headers = await xsrfHeaders(signer);
  const session = (await (await signer.request.get(`/api/v1/signing/${token}`)).json()) as { fields: { id: string }[] };
  const field = await signer.request.put(`/api/v1/signing/${token}/fields/${session.fields[0]?.id}`, {
    headers,
    data: { signature: { kind: 'typed', text: 'Someone Else' } },
  });
  expect(field.status(), await field.text()).toBe(200);
  const complete = await signer.request.post(`/api/v1/signing/${token}/complete`, { headers });
  expect(await complete.json()).toEqual({ status: 'signed', everyoneSigned: true });
  await signer.context().close();
}

test('the owner sees an eID name mismatch, "waiting for your review", accepts it, and the document is then sealed', async ({
  browser,
  page: owner,
}) => {
  test.setTimeout(180_000);
  const { id, path, token } = await sendToEidSigner(owner, 'Someone Else');
  const local = `idr${Date.now().toString(36)}`;
  await signWithOtherEid(browser, path, token, local);

  // Signed, but not sealed: the document waits for the owner.
  const details = (await (await owner.request.get(`/api/v1/documents/${id}`)).json()) as {
    url: string;
    reviewNeeded: boolean;
    recipients: { identityMismatch: unknown }[];
  };
  expect(details.reviewNeeded).toBe(true);
  expect(details.recipients[0]?.identityMismatch).toMatchObject({
    verifiedName: `Test ${local}`,
    expectedName: 'Someone Else',
    acceptedAt: null,
  });
  expect(documentStatus(id)).toBe('PENDING');

  await owner.goto(new URL(details.url).pathname);
  await waitForHydration(owner);
  const progress = owner.getByRole('complementary', { name: 'Progress' });
  const pageDetails = owner.getByRole('region', { name: 'Document details' });
  await expect(pageDetails.getByText('Waiting for your review', { exact: true })).toBeVisible();
  const review = progress.locator('[data-identity-mismatch]');
  for (const [width, scheme] of [
    [390, 'light'],
    [390, 'dark'],
    [1280, 'light'],
    [1280, 'dark'],
  ] as const) {
    await owner.setViewportSize({ width, height: 900 });
    await setScheme(owner, scheme);
    await waitForHydration(owner);
    await expect(
      progress
        .getByRole('status')
        .filter({ hasText: "Waiting for your review: a recipient's eID gives a different name." }),
    ).toBeVisible();
    await expect(review).toHaveAttribute('data-identity-mismatch', 'waiting');
    await expect(review).toContainText(
      `Confirmed with an eID in the name of Test ${local}, not Someone Else as you wrote.`,
    );
    await expect(review.getByRole('button', { name: 'Accept identity' })).toBeVisible();
    await expectNoHorizontalOverflow(owner);
    expect((await axeBuilder(owner).analyze()).violations, `${width} ${scheme}`).toEqual([]);
    await review.scrollIntoViewIfNeeded();
    await shoot(owner, `identity-review-${width}-${scheme}`, { fullPage: width === 390 });
  }

  // Accepting is confirmed in place, naming both; "Not now" changes nothing.
  await review.getByRole('button', { name: 'Accept identity' }).click();
  const question = review.getByRole('group', { name: 'Accept this identity?' });
  await expect(question).toContainText(
    `Someone Else confirmed with an eID in the name of Test ${local}, not Someone Else.`,
  );
  await expect(question.getByText('Accept this identity?')).toBeFocused();
  expect((await axeBuilder(owner).analyze()).violations).toEqual([]);
  await shoot(owner, 'identity-review-confirm-1280-dark');
  await question.getByRole('button', { name: 'Not now' }).click();
  await expect(question).toHaveCount(0);
  await expect(review).toHaveAttribute('data-identity-mismatch', 'waiting');

  const accepted = owner.waitForResponse(
    (response) => response.request().method() === 'POST' && response.url().endsWith('/accept-identity'),
  );
  await review.getByRole('button', { name: 'Accept identity' }).click();
  await question.getByRole('button', { name: 'Accept identity' }).click();
  expect((await accepted).status()).toBe(200);
  await expect(toasts(owner).getByText("You accepted Someone Else's identity.")).toBeVisible();
  await expect(review).toHaveAttribute('data-identity-mismatch', 'accepted');
  await expect(review).toContainText('Name difference accepted');
  await expect(review).toContainText('You accepted this on');
  await expect(pageDetails.getByText('Waiting for your review', { exact: true })).toHaveCount(0);
  await expect(progress.getByText('Waiting for your review')).toHaveCount(0);

  // Nothing else was waited for: the app's job runner seals it, and the page follows.
  await expect.poll(() => documentStatus(id), { timeout: 90_000 }).toBe('COMPLETED');
  await expect(pageDetails.getByText('Completed', { exact: true })).toBeVisible({ timeout: 30_000 });
  await expect(review).toContainText('You accepted this on');
  expect((await axeBuilder(owner).analyze()).violations).toEqual([]);
  await shoot(owner, 'identity-accepted-1280-dark');
});
