import { mkdirSync } from 'node:fs';
import path from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page } from '@playwright/test';
import { THEME_STORAGE_KEY } from '@/components/theme/theme';
import { startSmtpSink, type TSmtpSink } from '../fixtures/smtp-sink';

type Fixtures = {
  /** axe with the WCAG 2.x A/AA rules; every e2e test can call it. */
  makeAxeBuilder: () => AxeBuilder;
};

type WorkerFixtures = {
  /**
   * The SMTP server the app sends to in an E2E_SMTP=1 run (playwright.config.ts),
   * with every mail it received, parsed. Only *.smtp.spec.ts files (which that run selects) may use it.
   */
  smtpSink: TSmtpSink;
};

/**
 * axe with the rules every page is held to. A toast on its way out is left out: it fades, so axe would measure
 * its contrast mid-animation (1.46:1 was seen), and it is no longer content anyone reads. Only violations are
 * collected in full (every rule still runs; the tests read nothing else): listing every passing node cost about a
 * fifth of each run.
 */
export function axeBuilder(page: Page): AxeBuilder {
  return new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'best-practice'])
    .options({ resultTypes: ['violations'] })
    .exclude('[data-sonner-toast][data-removed="true"]');
}

export const test = base.extend<Fixtures, WorkerFixtures>({
  makeAxeBuilder: async ({ page }, provide) => {
    await provide(() => axeBuilder(page));
  },
  smtpSink: [
    async ({}, provide) => {
      if (process.env.E2E_SMTP !== '1')
        throw new Error('smtpSink needs E2E_SMTP=1, which points the app at it (playwright.config.ts)');
      const sink = await startSmtpSink(Number(process.env.E2E_PORT ?? 3210) + 20);
      await provide(sink);
      await sink.close();
    },
    { scope: 'worker' },
  ],
});

export { expect };

/** Forces a colour scheme the way a user would: a stored choice, then a reload. */
export async function setScheme(page: Page, scheme: 'light' | 'dark') {
  await storeScheme(page, scheme);
  await page.reload();
  await expectScheme(page, scheme);
}

/**
 * Stores a colour scheme choice, as setScheme does, for the next page the test opens rather than with a reload
 * of this one (which must be of the app's origin). For a test that checks several schemes in one page: init
 * scripts (startInScheme) added one per scheme would run in no defined order.
 */
export async function storeScheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate(([key, choice]) => window.localStorage.setItem(key, choice), [
    THEME_STORAGE_KEY,
    scheme,
  ] as const);
}

/**
 * Like setScheme, but for every page this test opens from now on, without the
 * extra reload: the choice is in localStorage before the page's own scripts run.
 */
export async function startInScheme(page: Page, scheme: 'light' | 'dark') {
  await page.addInitScript(([key, choice]) => window.localStorage.setItem(key, choice), [
    THEME_STORAGE_KEY,
    scheme,
  ] as const);
}

/** The page shows the scheme asked for. */
export async function expectScheme(page: Page, scheme: 'light' | 'dark') {
  await expect(page.locator('html')).toHaveClass(scheme === 'dark' ? /\bdark\b/ : /^(?![\s\S]*\bdark\b)/);
}

/**
 * Waits until Next's router has hydrated the page: its first commit stamps the
 * history entry with `__NA` (Next 16's own marker; should an upgrade rename it,
 * this wait fails rather than passes). Before that, clicks find no React
 * handlers, and a #fragment jump is undone by that first commit, which writes
 * back the address the router started with.
 */
/**
 * Back at the top, and still for three frames: a wheel's smooth scroll, or the jump back itself, must not fire a
 * scroll event after the test's next press (a header popover closes on scroll, so it would close the popover that
 * press opened).
 */
export async function scrollToTopAndSettle(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        let still = 0;
        const settle = () => {
          if (window.scrollY !== 0) window.scrollTo(0, 0);
          still = window.scrollY === 0 ? still + 1 : 0;
          if (still >= 3) resolve();
          else requestAnimationFrame(settle);
        };
        requestAnimationFrame(settle);
      }),
  );
}

export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => (window.history.state as { __NA?: boolean } | null)?.__NA === true);
}

/** Fails on any element wider than the viewport (the classic mobile overflow bug). */
export async function expectNoHorizontalOverflow(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/**
 * A picture for a person to look at (each width and scheme a spec covers): written to
 * E2E_SCREENSHOTS/<name>.png when that folder is set, otherwise not taken. Nobody looks at them in
 * `npm test`, and a full-page capture costs up to a second on a 2-core machine. A failing test keeps
 * its own screenshot either way (playwright.config.ts).
 */
export async function shoot(target: Page, name: string, options: { fullPage?: boolean } = {}) {
  const folder = process.env.E2E_SCREENSHOTS;
  if (!folder) return;
  mkdirSync(folder, { recursive: true });
  await target.screenshot({ path: path.join(folder, `${name}.png`), ...options });
}
