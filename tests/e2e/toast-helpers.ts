import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Starts noting the text of every toast the page raises from now on (until it
 * loads another document), so a test can tell a toast never appeared: one
 * looked for afterwards may already have faded, one looked for at once may not
 * be up yet. Returns a reader of what was seen.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const note = () =>
      document.querySelectorAll('[data-sonner-toast]').forEach((toast) => seen.add(toast.textContent ?? ''));
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
    (window as unknown as { seenToasts: Set<string> }).seenToasts = seen;
  });
  return () => page.evaluate(() => [...(window as unknown as { seenToasts: Set<string> }).seenToasts]);
}

/** The workspace's panel switch: the tab list beside the pages, or on a phone the bar of buttons at the bottom. */
export const workspaceTabs = (page: Page) =>
  page.getByRole('tablist').or(page.getByRole('navigation', { name: /^Fields, Recipients, Settings, Send$/ }));

/**
 * The toast, raised on the way to a document's workspace, does not cover the
 * workspace's tabs, also once the owner has scrolled the pages up under the
 * header to work on them. The pointer rests on the toast first, which holds it
 * up (sonner pauses its timer) while the workspace loads.
 */
export async function expectToastClearOfTabs(page: Page, toast: Locator) {
  await toast.hover();
  const tabs = workspaceTabs(page);
  await expect(tabs).toBeVisible();
  await page.evaluate(() => {
    const header = document.querySelector('header')?.getBoundingClientRect().bottom ?? 0;
    const pages = document.querySelector('[data-tour="pages"]')!.getBoundingClientRect().top;
    window.scrollBy(0, pages - header);
  });
  await toast.evaluate((element) => Promise.all(element.getAnimations().map((animation) => animation.finished)));
  const [a, b] = [await toast.boundingBox(), await tabs.boundingBox()];
  if (!a || !b) throw new Error(`no box: toast ${JSON.stringify(a)}, tabs ${JSON.stringify(b)}`);
  const overlaps = a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
  expect(overlaps, `toast ${JSON.stringify(a)} over the tabs ${JSON.stringify(b)}`).toBe(false);
}
