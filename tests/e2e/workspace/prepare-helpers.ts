import { createHash } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { TDocumentDetails } from '@/lib/api/v1/documents';
import type { TFieldType } from '@/lib/api/v1/enums';
import type { TSinkMail } from '../../fixtures/smtp-sink';
import { withDb } from '../dashboard/helpers';

/**
 * Steps of the owner's workspace as a person takes them (mouse and keyboard
 * in the page), and read-only looks at what was stored, for
 * prepare-and-send.smtp.spec.ts.
 */

export const details = async (page: Page, id: string) => {
  const response = await page.request.get(`/api/v1/documents/${encodeURIComponent(id)}`);
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as TDocumentDetails;
};

export const saved = (page: Page) => expect(page.locator('[data-save-state="saved"]')).toBeVisible({ timeout: 10_000 });
export const fieldsOf = (page: Page, type: TFieldType) => page.locator(`[data-field-type="${type}"]`);
const viewer = (page: Page) => page.locator('[data-document-viewer] [role="region"]');

export async function addRecipient(page: Page, name: string, email: string) {
  await page.getByRole('tab', { name: 'Recipients' }).click();
  await page.getByRole('button', { name: 'Add recipient' }).click();
  const row = page.locator('[data-recipient-key]').last();
  await row.getByLabel('Name').fill(name);
  await row.getByLabel('Email').fill(email);
}

/** Types a page number into the viewer's page indicator, as a person jumps to a page; waits until it is the page in view. */
export async function goToPage(page: Page, n: number) {
  const indicator = page.getByRole('textbox', { name: /^Current page/ });
  await indicator.fill(String(n));
  await indicator.press('Enter');
  await expect(indicator).toHaveValue(String(n));
  await expect(page.locator(`[data-field-layer="${n}"]`)).toBeInViewport({ ratio: 0.3 });
}

/**
 * Drags a palette button with the mouse onto page n, to a point given in
 * fractions of the part of that page that is on screen (the viewer scrolls on
 * its own and may reach below the window, so a page is rarely whole in view).
 */
export async function dragOnto(page: Page, type: TFieldType, n: number, at: { fx: number; fy: number }) {
  const button = (await page.locator(`[data-palette-type="${type}"]`).boundingBox())!;
  const layer = (await page.locator(`[data-field-layer="${n}"]`).boundingBox())!;
  const view = (await viewer(page).boundingBox())!;
  const top = Math.max(layer.y, view.y);
  const bottom = Math.min(layer.y + layer.height, view.y + view.height, page.viewportSize()?.height ?? Infinity);
  expect(bottom - top, `page ${n} is on screen`).toBeGreaterThan(100);
  await page.mouse.move(button.x + button.width / 2, button.y + button.height / 2);
  await page.mouse.down();
  await page.mouse.move(layer.x + layer.width * at.fx, top + (bottom - top) * at.fy, { steps: 10 });
  await page.mouse.up();
}

/** Tabs from the "New fields are for" choice to the palette button of `type` and presses `key` on it: no mouse. */
export async function placeByKeyboard(page: Page, type: TFieldType, key: 'Enter' | 'Space' = 'Enter') {
  const target = page.locator(`[data-palette-type="${type}"]`);
  await page.getByLabel('New fields are for').focus();
  for (let step = 0; step < 20 && !(await target.evaluate((element) => element === document.activeElement)); step++)
    await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
  const before = await fieldsOf(page, type).count();
  await page.keyboard.press(key);
  await expect(fieldsOf(page, type)).toHaveCount(before + 1);
  // The placed field takes the focus, ready for the arrow keys.
  await expect(fieldsOf(page, type).last()).toBeFocused();
}

/**
 * The signing link from a mail's plain-text part (a plain URL there),
 * under the language prefix of the invitation or none, and its token.
 */
export function signingLink(mail: TSinkMail, baseURL: string): { url: string; token: string } {
  const match = new RegExp(
    `${baseURL.replace(/[.:/]/g, '\\$&')}(?:/[a-z]{2})?/sign/([A-Za-z0-9_-]{43})(?![A-Za-z0-9_-])`,
  ).exec(mail.parsed.text ?? '');
  expect(match, `a ${baseURL}/sign/… link in the text part`).not.toBeNull();
  return { url: match?.[0] ?? '', token: match?.[1] ?? '' };
}

/** The stored row of a signing link, found by the hash of its token (links are stored hashed). */
export function storedLink(token: string) {
  const hash = createHash('sha256').update(token).digest('hex');
  return withDb(
    (db) =>
      db.prepare('SELECT "revokedAt", "revokedReason" FROM "SigningLink" WHERE "tokenHash" = ?').get(hash) as
        { revokedAt: unknown; revokedReason: string | null } | undefined,
  );
}

export const mailsTo = (mails: TSinkMail[], ...addresses: string[]) =>
  mails.filter((mail) => mail.envelope.to.some((to) => addresses.includes(to)));
