import { expect, test, waitForHydration } from '../fixtures';
import { listAll, makePro, markPending, signInToDashboard, uploadDocuments } from './helpers';

/**
 * /dashboard over the real v1 API: search and status filter kept in the
 * address (reload and back keep them), "Load more" past the first 20, who must
 * act next, and both empty states.
 */

const list = (page: import('@playwright/test').Page) => page.getByRole('list', { name: 'Your documents' });
const rows = (page: import('@playwright/test').Page) => list(page).getByRole('listitem');

test('search, status filter and Load more over 23 documents, kept in the address', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  const email = await signInToDashboard(page, 'dash-list', '/dashboard');
  await expect(page.getByText('You have no documents yet.')).toBeVisible();

  makePro(email);
  const contracts = Array.from({ length: 21 }, (_, index) => `Contract ${String(index + 1).padStart(2, '0')}.pdf`);
  await uploadDocuments(page, [...contracts, 'Invoice alpha.pdf', 'Invoice beta.pdf']);
  const alpha = (await listAll(page)).find((document) => document.name.startsWith('Invoice alpha'));
  expect(alpha).toBeTruthy();
  markPending(alpha?.id ?? '', { name: 'Sam Signer', email: 'sam@example.com' });

  await page.goto('/dashboard');
  await waitForHydration(page);
  // Newest first, 20 per page, then the rest.
  await expect(rows(page)).toHaveCount(20);
  await expect(rows(page).first()).toContainText('Invoice beta');
  await page.getByRole('button', { name: 'Load more' }).click();
  await expect(rows(page)).toHaveCount(23);
  await expect(rows(page).last()).toContainText('Contract 01');
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);

  const pending = rows(page).filter({ hasText: 'Invoice alpha' });
  await expect(pending.locator('[data-status]')).toHaveText('Waiting for signatures');
  await expect(pending).toContainText('Sam Signer');
  await expect(rows(page).filter({ hasText: 'Invoice beta' })).toContainText('Nobody');

  // Search by name, debounced, into the address.
  await page.getByLabel('Search by name').fill('invoice');
  await expect(rows(page)).toHaveCount(2);
  await expect(page).toHaveURL(/\/dashboard\?q=invoice$/);

  // Status filter (a listbox), combined with the search.
  await page.getByRole('button', { name: 'Status: All statuses' }).click();
  await page.getByRole('option', { name: 'Waiting for signatures' }).click();
  await expect(rows(page)).toHaveCount(1);
  await expect(rows(page).first()).toContainText('Invoice alpha');
  await expect(page).toHaveURL(/\/dashboard\?q=invoice&status=pending$/);

  // A reload keeps both.
  await page.reload();
  await expect(page.getByLabel('Search by name')).toHaveValue('invoice');
  await expect(page.getByRole('button', { name: 'Status: Waiting for signatures' })).toBeVisible();
  await expect(rows(page)).toHaveCount(1);

  // Nothing matches: the way out clears both filters.
  await page.getByRole('button', { name: 'Status: Waiting for signatures' }).click();
  await page.getByRole('option', { name: 'Completed' }).click();
  await expect(page.getByText('No documents match.')).toBeVisible();
  await page.getByRole('button', { name: 'Clear the filters' }).click();
  await expect(rows(page)).toHaveCount(20);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByLabel('Search by name')).toHaveValue('');

  // Open a document from a search, come back: the search is still there.
  await page.getByLabel('Search by name').fill('Contract 07');
  await expect(rows(page)).toHaveCount(1);
  await expect(page).toHaveURL(/\?q=Contract\+07$/);
  await rows(page).first().getByRole('link').click();
  await expect(page).toHaveURL(/\/document\/[^/?]+$/);
  await page.goBack();
  await expect(page).toHaveURL(/\?q=Contract\+07$/);
  await expect(page.getByLabel('Search by name')).toHaveValue('Contract 07');
  await expect(rows(page)).toHaveCount(1);
});

test('a Portuguese owner sees the list in Portuguese with dates in their language', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'dash-pt', '/pt/dashboard');
  await uploadDocuments(page, ['Contrato.pdf']);
  await page.goto('/pt/dashboard');
  const portuguese = page.getByRole('list', { name: 'Os seus documentos' }).getByRole('listitem');
  await expect(portuguese).toHaveCount(1);
  await expect(portuguese.first().locator('[data-status]')).toHaveText('Rascunho');
  await expect(portuguese.first().getByRole('link')).toHaveAttribute('href', /^\/pt\/document\//);
  await expect(portuguese.first().locator('time').first()).toHaveText(/agora|segundo|minuto/);
});
