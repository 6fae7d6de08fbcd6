import { expect, test } from '../fixtures';

test('the FAQ accordion: first panel open, single-open, Enter/Space toggle, arrow/Home/End focus', async ({ page }) => {
  await page.goto('/', { waitUntil: 'networkidle' });
  const headers = page.locator('#FAQ [data-faq-button]');
  await expect(headers).toHaveCount(5);
  const expanded = () => headers.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')));
  expect(await expanded()).toEqual(['true', 'false', 'false', 'false', 'false']);

  await headers.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(headers.nth(1)).toBeFocused();
  await page.keyboard.press('Enter');
  await expect.poll(expanded).toEqual(['false', 'true', 'false', 'false', 'false']);
  await page.keyboard.press('End');
  await expect(headers.nth(4)).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(expanded).toEqual(['false', 'false', 'false', 'false', 'true']);
  await expect(headers.nth(4)).toBeFocused();
  await page.keyboard.press('Space');
  await expect.poll(expanded).toEqual(['false', 'false', 'false', 'false', 'false']);
  await page.keyboard.press('ArrowDown');
  await expect(headers.first()).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await expect(headers.nth(4)).toBeFocused();
  await page.keyboard.press('Home');
  await expect(headers.first()).toBeFocused();

  await headers.nth(2).click();
  await expect.poll(expanded).toEqual(['false', 'false', 'true', 'false', 'false']);
  await expect(page.locator('#FAQ [data-faq-item="storage"]')).toContainText('not stored permanently');
});

test('the testimonial carousel is circular and moves one slide at a time', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/', { waitUntil: 'networkidle' });
  const carousel = page.locator('[data-carousel]');
  await carousel.scrollIntoViewIfNeeded();
  await expect(carousel.locator('.swiper')).toHaveClass(/swiper-initialized/);
  const active = carousel.locator('.swiper-slide-active');
  const next = carousel.getByRole('button', { name: 'Next testimonial' });
  const previous = carousel.getByRole('button', { name: 'Previous testimonial' });
  await expect(active).toHaveAttribute('data-index', '0');
  // Swiper ignores a click while a 500 ms slide is still running, as a user would see.
  const settled = () =>
    expect
      .poll(() =>
        carousel
          .locator('.swiper')
          .evaluate((el) => (el as HTMLElement & { swiper: { animating: boolean } }).swiper.animating),
      )
      .toBe(false);

  // Previous from the first slide wraps to the last; next from the last wraps to the first.
  await previous.click();
  await expect(active).toHaveAttribute('data-index', '2');
  await expect(active).toContainText('Patient consent forms');
  await settled();
  await next.click();
  await expect(active).toHaveAttribute('data-index', '0');
  for (const index of ['1', '2', '0']) {
    await settled();
    await next.click();
    await expect(active).toHaveAttribute('data-index', index);
  }
  const options = await carousel.locator('.swiper').evaluate((el) => {
    const params = (el as HTMLElement & { swiper: { params: Record<string, unknown> } }).swiper.params;
    return { loop: params.loop, slidesPerView: params.slidesPerView, threshold: params.threshold, speed: params.speed };
  });
  expect(options).toEqual({ loop: true, slidesPerView: 1, threshold: 20, speed: 500 });
});
