import type { Page } from '@playwright/test';
import {
  documentStatus,
  listAll,
  sendForSignature,
  signInToDashboard,
  toasts,
  uploadDocuments,
  xsrfHeaders,
} from '../dashboard/helpers';
import { expect, shoot, test, waitForHydration } from '../fixtures';

/** Cancel from the workspace of a document out for signature, through the real cancel endpoint. */

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: name });

async function openWorkspace(page: Page, name: string) {
  await page.goto('/dashboard');
  await waitForHydration(page);
  await row(page, name).getByRole('link', { name }).click();
  await expect(page).toHaveURL(/\/document\/[A-Za-z0-9_-]{32}$/);
  await waitForHydration(page);
}

test('the owner cancels from the workspace with a reason; the page then shows the cancelled document; a refusal shows the API’s reason', async ({
  page,
  makeAxeBuilder,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await signInToDashboard(page, 'ws-cancel', '/dashboard');
  await uploadDocuments(page, ['Lease.pdf', 'Offer.pdf']);
  const documents = await listAll(page);
  const [lease, offer] = ['Lease.pdf', 'Offer.pdf'].map((name) =>
    documents.find((document) => document.name === name)!,
  );
  for (const document of [lease, offer])
    await sendForSignature(page, document!.id, { name: 'Rita Recipient', email: 'rita@example.com' });

  await openWorkspace(page, 'Lease.pdf');
  const progress = page.getByRole('complementary', { name: 'Progress' });
  await expect(progress.locator('[data-recipient-status]')).toHaveAttribute('data-recipient-status', /sent|waiting/);
  await progress.getByRole('button', { name: 'Cancel the document…' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Reason (the recipients see it)')).toBeFocused();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  // No reason, no cancel: the dialog says why and nothing is sent.
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why you are cancelling.');
  expect(documentStatus(lease!.id)).toBe('PENDING');

  await dialog.getByLabel('Reason (the recipients see it)').fill('The rent changed; a new lease follows.');
  const cancel = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/documents/${lease!.id}/cancel`),
  );
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  expect((await cancel).postDataJSON()).toEqual({ reason: 'The rent changed; a new lease follows.' });
  await expect(toasts(page).getByText('“Lease.pdf” was cancelled.')).toBeVisible();
  await expect(dialog).toHaveCount(0);
  expect(documentStatus(lease!.id)).toBe('CANCELLED');
  // The page turns to the cancelled document by itself: who was still asked is "Cancelled", not "Sent", and why is shown.
  await expect(
    progress.getByText('This document is cancelled: its fields and recipients can no longer change.'),
  ).toBeVisible();
  await expect(progress.getByText('Why it was cancelled: The rent changed; a new lease follows.')).toBeVisible();
  await expect(progress.locator('[data-recipient-status="cancelled"]')).toContainText('Cancelled');
  await expect(progress.getByRole('button', { name: 'Cancel the document…' })).toHaveCount(0);
  // The page's own heading and details follow (they were rendered with the status the page opened with).
  await expect(
    page.getByRole('region', { name: 'Document details' }).getByText('Cancelled', { exact: true }),
  ).toBeVisible();
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await shoot(page, 'workspace-cancelled-390');
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.setViewportSize({ width: 1280, height: 900 });
  expect((await makeAxeBuilder().analyze()).violations).toEqual([]);
  await shoot(page, 'workspace-cancelled-1280-dark');
  await page.emulateMedia({ colorScheme: 'light' });
  await page.setViewportSize({ width: 390, height: 844 });

  // A stale page (cancelled meanwhile in another tab): the refusal names the API's reason and nothing changes.
  await openWorkspace(page, 'Offer.pdf');
  await page.route(`**/api/v1/documents/${offer!.id}`, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), status: 'pending' } });
  });
  const elsewhere = await page.request.post(`/api/v1/documents/${offer!.id}/cancel`, {
    headers: await xsrfHeaders(page),
    data: { reason: 'Withdrawn.' },
  });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  await progress.getByRole('button', { name: 'Cancel the document…' }).click();
  await dialog.getByLabel('Reason (the recipients see it)').fill('Withdrawn twice.');
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  const refusal = toasts(page).locator('[data-sonner-toast]').filter({ hasText: '“Offer.pdf” was not cancelled.' });
  await expect(refusal).toBeVisible();
  await expect(refusal.locator('[data-description]')).toContainText(
    'only a document out for signature can be cancelled',
  );
  await expect(dialog).toHaveCount(0);
  expect(documentStatus(offer!.id)).toBe('CANCELLED');
  // Without the stale answers the page shows what happened elsewhere.
  await page.unroute(`**/api/v1/documents/${offer!.id}`);
  await expect(progress.getByText('Why it was cancelled: Withdrawn.')).toBeVisible({ timeout: 20_000 });
});
