import type { Page, Request } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures';
import { listAll, markPending, signInToDashboard, toasts, uploadDocuments } from './helpers';

/**
 * How the dashboard answers refusals of remind and cancel (problem+json): the
 * toast carries the API's `detail`, the cancel dialog stays open to retry, and
 * a success refreshes the list. Only these two calls are intercepted, to
 * produce each answer on demand; everything else is the real app.
 */

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: name });
const problem = (status: number, detail: string) => ({
  status,
  contentType: 'application/problem+json',
  body: JSON.stringify({ type: 'about:blank', title: 'Conflict', status, code: 'CONFLICT', detail }),
});

test('remind and cancel refusals show the API’s detail; a retried cancel succeeds and refreshes the list', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'dash-refusals');
  await uploadDocuments(page, ['Offer.pdf']);
  const [offer] = await listAll(page);
  markPending(offer?.id ?? '', { name: 'Olga Owner', email: 'olga@example.com' });

  const calls: { path: string; body: unknown }[] = [];
  let cancelAnswer = problem(409, 'The document is no longer out for signature.');
  await page.route('**/api/v1/documents/*/remind', (route) => {
    calls.push({ path: 'remind', body: route.request().postData() });
    return route.fulfill(problem(429, 'You reminded these recipients a moment ago; try again tomorrow.'));
  });
  await page.route('**/api/v1/documents/*/cancel', (route) => {
    calls.push({ path: 'cancel', body: route.request().postDataJSON() });
    return route.fulfill(cancelAnswer);
  });

  await page.goto('/dashboard');
  await waitForHydration(page);
  await row(page, 'Offer')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Send a reminder' }).click();
  const remindRefusal = toasts(page)
    .locator('[data-sonner-toast]')
    .filter({ hasText: /No reminder sent for “Offer/ });
  await expect(remindRefusal).toContainText('You reminded these recipients a moment ago; try again tomorrow.');

  await row(page, 'Offer')
    .getByRole('button', { name: /^Actions for / })
    .click();
  await page.getByRole('menuitem', { name: 'Cancel…' }).click();
  await page.getByLabel('Reason (the recipients see it)').fill('Position filled.');
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the document' }).click();
  const cancelRefusal = toasts(page)
    .locator('[data-sonner-toast]')
    .filter({ hasText: /“Offer.*” was not cancelled\./ });
  await expect(cancelRefusal).toContainText('The document is no longer out for signature.');
  // The dialog stays, with the reason, for another try.
  await expect(page.getByLabel('Reason (the recipients see it)')).toHaveValue('Position filled.');

  cancelAnswer = {
    status: 200,
    contentType: 'application/json',
    body: JSON.stringify({ id: offer?.id, status: 'cancelled' }),
  };
  const refreshed = page.waitForRequest(
    (request: Request) => request.method() === 'GET' && /\/api\/v1\/documents\?/.test(request.url()),
  );
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel the document' }).click();
  await expect(toasts(page).getByText(/“Offer.*” was cancelled\./)).toBeVisible();
  await expect(page.getByLabel('Reason (the recipients see it)')).toHaveCount(0);
  await refreshed;
  expect(calls).toEqual([
    { path: 'remind', body: null },
    { path: 'cancel', body: { reason: 'Position filled.' } },
    { path: 'cancel', body: { reason: 'Position filled.' } },
  ]);
});
