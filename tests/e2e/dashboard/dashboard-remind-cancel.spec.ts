import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures';
import { documentStatus, listAll, sendForSignature, toasts, signInToDashboard, uploadDocuments } from './helpers';

/** Remind and cancel from the dashboard, end to end through the send, remind and cancel endpoints. */

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: name });

test('remind a pending document, then cancel it with a reason; a refusal shows the API’s reason', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'dash-remind', '/dashboard');
  await uploadDocuments(page, ['Lease.pdf']);
  const [lease] = await listAll(page);
  await sendForSignature(page, lease?.id ?? '', { name: 'Rita Recipient', email: 'rita@example.com' });

  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(row(page, 'Lease').locator('[data-status]')).toHaveText('Waiting for signatures');
  await expect(row(page, 'Lease')).toContainText('Rita Recipient');

  const remind = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/documents/${lease?.id}/remind`),
  );
  await row(page, 'Lease')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Send a reminder' }).click();
  await remind;
  await expect(toasts(page).getByText(/Reminder sent for “Lease/)).toBeVisible();

  // Cancel asks why; an empty reason is refused in the dialog and nothing is sent.
  await row(page, 'Lease')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel…' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  await expect(dialog.getByRole('alert')).toHaveText('Say why you are cancelling.');
  expect(documentStatus(lease?.id ?? '')).toBe('PENDING');

  await page.getByLabel('Reason (the recipients see it)').fill('Terms changed; a new version follows.');
  const cancel = page.waitForRequest(
    (request) => request.method() === 'POST' && request.url().endsWith(`/api/v1/documents/${lease?.id}/cancel`),
  );
  await dialog.getByRole('button', { name: 'Cancel the document' }).click();
  expect((await cancel).postDataJSON()).toEqual({ reason: 'Terms changed; a new version follows.' });
  await expect(toasts(page).getByText(/“Lease.*” was cancelled\./)).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(row(page, 'Lease').locator('[data-status]')).toHaveText('Cancelled');
  expect(documentStatus(lease?.id ?? '')).toBe('CANCELLED');

  // A reminder for a document that is no longer pending (a second tab's stale list) is refused with the API's detail.
  await page.route(`**/api/v1/documents?**`, async (route) => {
    // Only the list is rewritten to look stale: the remind call below goes to the real API.
    const response = await route.fetch();
    const body = (await response.json()) as { items: { status: string }[] };
    await route.fulfill({
      response,
      json: { ...body, items: body.items.map((item) => ({ ...item, status: 'pending' })) },
    });
  });
  await page.reload();
  await row(page, 'Lease')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Send a reminder' }).click();
  const refusal = toasts(page)
    .locator('[data-sonner-toast]')
    .filter({ hasText: /No reminder sent for “Lease/ });
  await expect(refusal).toBeVisible();
  await expect(refusal.locator('[data-description]')).not.toBeEmpty();
});
