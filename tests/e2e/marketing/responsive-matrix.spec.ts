import type { Page } from '@playwright/test';
import { expect, expectNoHorizontalOverflow, expectScheme, startInScheme, test, waitForHydration } from '../fixtures';

/**
 * The landing page's behaviours at a phone, a tablet, a laptop and a wide
 * desktop width, in both schemes. Detailed rules (durations, close triggers,
 * keys) have their own specs; this one proves each still works in every
 * layout a visitor gets.
 */
const WIDTHS = [375, 768, 1280, 1440] as const;
const MOBILE_BELOW = 1166;

const inView = (id: string) =>
  `(() => { const r = document.getElementById('${id}').getBoundingClientRect(); return r.top >= -2 && r.top < 120; })()`;

/** Between two checks of one page load: back at the top at once (no smooth scroll), with nothing focused. */
async function backToTop(page: Page) {
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur();
    window.scrollTo({ top: 0, behavior: 'instant' });
  });
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
}

for (const width of WIDTHS) {
  for (const scheme of ['light', 'dark'] as const) {
    test.describe(`${width}px, ${scheme}`, () => {
      test.use({ viewport: { width, height: 860 } });

      // One page load per layout, the checks in turn as steps (a failure still names its check): a test per check
      // loaded the page five times per layout. Each step closes what it opens and the page goes back to the top
      // between steps; the language switch leaves the page, so it is last.
      test('nav, sidebar or apps popover, FAQ keyboard, carousel wrap and language switch', async ({ page }) => {
        test.setTimeout(90_000);
        await startInScheme(page, scheme);
        await page.goto('/web', { waitUntil: 'networkidle' });
        await expectScheme(page, scheme);
        await waitForHydration(page);

        await test.step('nav items scroll to their section and Home back to the top', async () => {
          const mobile = width < MOBILE_BELOW;
          for (const [label, id] of [
            ['Developers', 'Developers'],
            ['FAQ', 'FAQ'],
          ] as const) {
            if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
            const nav = mobile
              ? page.locator('#mobile-sidebar')
              : page.getByRole('navigation', { name: 'Main', exact: true });
            await nav.getByRole('link', { name: label }).click();
            await expect.poll(() => page.evaluate(inView(id))).toBe(true);
            await expect(page).toHaveURL(new RegExp(`/web#${id}$`));
            if (mobile) await expect(page.locator('#mobile-sidebar')).not.toHaveAttribute('data-open');
          }
          if (mobile) await page.getByRole('button', { name: 'Open menu' }).click();
          const nav = mobile
            ? page.locator('#mobile-sidebar')
            : page.getByRole('navigation', { name: 'Main', exact: true });
          await nav.getByRole('link', { name: 'Home' }).click();
          await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
          await expectNoHorizontalOverflow(page);
        });
        await backToTop(page);

        await test.step('the sidebar or the apps popover opens and closes', async () => {
          if (width < MOBILE_BELOW) {
            const sidebar = page.locator('#mobile-sidebar');
            await page.getByRole('button', { name: 'Open menu' }).click();
            await expect(sidebar).toHaveAttribute('data-open', '');
            if (width < 600) {
              // Full width: there is no outside to click, the close button is the way out.
              await page.getByRole('button', { name: 'Close menu' }).click();
            } else {
              await page.mouse.move(width - 5, 800);
              await page.mouse.down();
              await page.mouse.up();
            }
            await expect(sidebar).not.toHaveAttribute('data-open');
            return;
          }
          const panel = page.locator('[data-popover="apps"]');
          const button = page.getByRole('button', { name: 'Signet apps' });
          await button.click();
          await expect(panel).toBeVisible();
          // The first click loads the popover; Escape goes to it once its button reports the open state.
          await expect(button).toHaveAttribute('aria-expanded', 'true');
          await page.keyboard.press('Escape');
          await expect(panel).toBeHidden();
          await button.click();
          await expect(panel).toBeVisible();
          // As a person would, click outside once the popover has opened: under load its outside-click
          // listener and opening transition can lag the first frame it is visible in.
          await expect(button).toHaveAttribute('aria-expanded', 'true');
          await expect(panel).not.toHaveAttribute('data-enter');
          await page.mouse.click(width / 2, 600);
          await expect(panel).toBeHidden();
        });
        await backToTop(page);

        await test.step('the FAQ accordion opens one panel at a time from the keyboard', async () => {
          const headers = page.locator('#FAQ [data-faq-button]');
          await headers.first().scrollIntoViewIfNeeded();
          await expect(headers.first()).toHaveAttribute('aria-expanded', 'true');
          await headers.first().focus();
          await page.keyboard.press('End');
          await expect(headers.last()).toBeFocused();
          await page.keyboard.press('Enter');
          await expect(headers.last()).toHaveAttribute('aria-expanded', 'true');
          await expect(headers.first()).toHaveAttribute('aria-expanded', 'false');
          await expect(page.locator('#FAQ [data-faq-item="free"]')).toContainText('5 documents');
        });
        await backToTop(page);

        await test.step('the testimonial carousel wraps from the first slide to the last', async () => {
          const carousel = page.locator('[data-carousel]');
          await carousel.scrollIntoViewIfNeeded();
          await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
          const active = carousel.locator('.swiper-slide-active');
          await expect(active).toHaveAttribute('data-index', '0');
          await carousel.getByRole('button', { name: 'Previous testimonial' }).click();
          await expect(active).toHaveAttribute('data-index', '2');
          await expect(active.locator('figcaption')).toBeVisible({ visible: width > 660 });
        });
        await backToTop(page);

        await test.step('switching language keeps the page and the fragment', async () => {
          await page.goto('/web#Pricing', { waitUntil: 'networkidle' });
          await page.getByRole('button', { name: 'Language: English' }).click();
          await page.getByRole('option', { name: 'Português' }).click();
          await expect(page).toHaveURL(/\/pt\/web#Pricing$/);
          await expect(page.locator('html')).toHaveAttribute('lang', 'pt');
          await expectScheme(page, scheme);
          await expectNoHorizontalOverflow(page);
        });
      });
    });
  }
}
