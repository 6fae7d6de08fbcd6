import type { Page } from '@playwright/test';
import { expect, test, waitForHydration } from '../fixtures';
import { listAll, markPending, toasts, signInToDashboard, uploadDocuments } from './helpers';

/**
 * The row actions of /dashboard against the real API: open, delete a draft
 * after a confirmation (Escape keeps it), a pending document explained
 * instead of deleted, and the API's 409 shown when the list was stale.
 */

const row = (page: Page, name: string) =>
  page.getByRole('list', { name: 'Your documents' }).getByRole('listitem').filter({ hasText: name });
const menuOf = (page: Page, name: string) => row(page, name).getByRole('button', { name: /^Actions for / });

test('open, delete with confirmation, pending explained, stale list answered by the API', async ({ page }) => {
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInToDashboard(page, 'dash-actions', '/dashboard');
  await uploadDocuments(page, ['Keep me.pdf', 'Delete me.pdf', 'Stale draft.pdf', 'Out for signature.pdf']);
  const documents = await listAll(page);
  const byName = (name: string) => documents.find((document) => document.name.startsWith(name));
  markPending(byName('Out for signature')?.id ?? '', { name: 'Pat Pending', email: 'pat@example.com' });

  await page.goto('/dashboard');
  await waitForHydration(page);
  await expect(page.getByRole('list', { name: 'Your documents' }).getByRole('listitem')).toHaveCount(4);

  // The menu by keyboard: Enter opens it, arrows move, Enter chooses. Escape on the confirmation keeps the document.
  await menuOf(page, 'Delete me').focus();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem')).toHaveText(['Open', 'Delete…']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete “Delete me');
  await expect(dialog.getByRole('button', { name: 'Keep it' })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  expect((await listAll(page)).some((document) => document.name.startsWith('Delete me'))).toBe(true);

  await menuOf(page, 'Delete me').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(toasts(page).getByText(/“Delete me.*” was deleted\./)).toBeVisible();
  await expect(row(page, 'Delete me')).toHaveCount(0);
  expect((await listAll(page)).some((document) => document.name.startsWith('Delete me'))).toBe(false);

  // A pending document offers remind and cancel; delete explains it must be cancelled first.
  await menuOf(page, 'Out for signature').click();
  await expect(page.getByRole('menuitem')).toHaveText(['Open', 'Send a reminder', 'Cancel…', 'Delete…']);
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await expect(dialog).toContainText('is out for signature');
  await expect(dialog).toContainText('cancel it first');
  await dialog.getByRole('button', { name: 'Cancel it…' }).click();
  await expect(page.getByRole('dialog')).toContainText('Cancel “Out for signature');
  await expect(page.getByLabel('Reason (the recipients see it)')).toBeFocused();
  await page.getByRole('dialog').getByRole('button', { name: 'Keep it' }).click();
  await expect(page.getByRole('dialog')).toHaveCount(0);

  // The list says draft, but the document went out for signature meanwhile: the API refuses with 409 and says why.
  markPending(byName('Stale draft')?.id ?? '', { name: 'Sue Stale', email: 'sue@example.com' });
  await menuOf(page, 'Stale draft').click();
  await page.getByRole('menuitem', { name: 'Delete…' }).click();
  await dialog.getByRole('button', { name: 'Delete', exact: true }).click();
  const refusal = toasts(page)
    .locator('[data-sonner-toast]')
    .filter({ hasText: /“Stale draft.*” was not deleted\./ });
  await expect(refusal).toBeVisible();
  await expect(refusal).toContainText('The document is out for signature; cancel it first');
  expect((await listAll(page)).some((document) => document.name.startsWith('Stale draft'))).toBe(true);

  // Open goes to the document's workspace.
  await menuOf(page, 'Keep me').click();
  await page.getByRole('menuitem', { name: 'Open' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/document/${new URL(byName('Keep me')?.url ?? 'http://x/').pathname.split('/').pop()}$`),
  );
});
