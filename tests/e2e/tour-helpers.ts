import { expect, type Page } from '@playwright/test';

/**
 * Marks every guided tour done for the signed-in user (PATCH /api/me/preferences),
 * for tests about something else on a page whose tour would start on a first visit
 * and sit over the content. Call after signing in, before opening the page.
 */
export async function finishTours(page: Page) {
  const cookies = await page.context().cookies();
  const xsrf = cookies.find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await page.request.patch('/api/me/preferences', {
    headers: { 'x-xsrf-token': decodeURIComponent(xsrf) },
    data: { toursDone: { dashboard: true, workspace: true } },
  });
  expect(response.status()).toBe(200);
}
