import type { Page } from '@playwright/test';

/**
 * Starts noting the text of every toast the page raises from now on (until it
 * loads another document), so a test can tell a toast never appeared: one
 * looked for afterwards may already have faded, one looked for at once may not
 * be up yet. Returns a reader of what was seen.
 */
export async function recordToasts(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen = new Set<string>();
    const note = () => document.querySelectorAll('[data-sonner-toast]').forEach((toast) => seen.add(toast.textContent ?? ''));
    new MutationObserver(note).observe(document.body, { childList: true, subtree: true, characterData: true });
    (window as unknown as { seenToasts: Set<string> }).seenToasts = seen;
  });
  return () => page.evaluate(() => [...(window as unknown as { seenToasts: Set<string> }).seenToasts]);
}
