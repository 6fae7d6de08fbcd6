import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from '@playwright/test';
import { normalizeRotation, userToDisplayed } from '@/lib/viewer/page-geometry';
import { makeTextPdf } from '../../fixtures/viewer-pdfs';
import { signInAsNew } from '../auth/helpers';
import { expect, expectNoHorizontalOverflow, setScheme, shoot, test } from '../fixtures';
import { finishTours } from '../tour-helpers';

const realWorld = (name: string) => readFileSync(path.join(import.meta.dirname, '../../fixtures/real-world', name));
// Page 3 turned a quarter clockwise, 6 upside down, 9 a quarter anticlockwise.
const ROTATE: Record<number, number> = { 3: 90, 6: 180, 9: 270 };
const PAGES = 12;

async function upload(page: Page, name: string, buffer: Buffer) {
  const cookie = (await page.context().cookies()).find(({ name: cookieName }) => cookieName === 'XSRF-TOKEN');
  const response = await page.request.post('/api/documents', {
    headers: { 'X-XSRF-TOKEN': cookie?.value ?? '' },
    multipart: { file: { name, mimeType: 'application/pdf', buffer } },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { document: { doctoken: string } }).document.doctoken;
}

/** Signs in as a new user, uploads the PDF and opens its workspace once the first page is painted. */
async function openInWorkspace(page: Page, prefix: string, name: string, buffer: Buffer) {
  await signInAsNew(page, prefix);
  await finishTours(page); // the workspace's guided tour is tested in tests/e2e/workspace/tour-and-help.spec.ts
  const token = await upload(page, name, buffer);
  await page.goto(`/document/${token}`);
  await expect(page.locator('[data-document-viewer][data-first-page-painted]')).toBeAttached({ timeout: 20_000 });
  return page.getByRole('region', { name: `Pages of ${name}` });
}

const slot = (viewer: Locator, n: number) => viewer.locator(`[data-viewer-page="${n}"]`);
const indicator = (page: Page) => page.getByRole('textbox', { name: /^Current page/ });
const box = async (locator: Locator) => (await locator.boundingBox()) ?? { x: 0, y: 0, width: 0, height: 0 };

async function scrollToSlot(viewer: Locator, n: number) {
  await viewer.evaluate((element, number) => {
    const target = element.querySelector<HTMLElement>(`[data-viewer-page="${number}"]`);
    element.scrollTop = target?.offsetTop ?? 0;
  }, n);
}

/** Whether the canvas of page n is dark around a displayed point (points from the top-left as shown). */
async function darkAt(viewer: Locator, n: number, shown: { x: number; y: number }) {
  const widthPt = (ROTATE[n] ?? 0) % 180 ? 792 : 612;
  return slot(viewer, n)
    .locator('canvas')
    .evaluate(
      (canvas: HTMLCanvasElement, { x, y, widthPt }) => {
        const k = canvas.width / widthPt;
        const data = canvas.getContext('2d')!.getImageData(Math.round(x * k) - 3, Math.round(y * k) - 3, 7, 7).data;
        let darkest = 255;
        for (let i = 0; i < data.length; i += 4)
          darkest = Math.min(darkest, (data[i]! + data[i + 1]! + data[i + 2]!) / 3);
        return darkest < 100;
      },
      { x: shown.x, y: shown.y, widthPt },
    );
}

test.describe('the document viewer on the workspace', () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test('every page, rotated pages turned, a bounded number of canvases, the indicator, zoom, thumbnails and go-to-page', async ({
    page,
    makeAxeBuilder,
  }) => {
    test.setTimeout(90_000);
    const viewer = await openInWorkspace(page, 'viewer-desk', 'twelve.pdf', await makeTextPdf(PAGES, ROTATE));

    // Every page has its place, named, with its displayed proportions (rotation applied) before it is drawn.
    await expect(viewer.getByRole('group', { name: /^Page \d+ of 12$/ })).toHaveCount(PAGES);
    for (let n = 1; n <= PAGES; n++)
      await expect(viewer.getByRole('group', { name: `Page ${n} of ${PAGES}` })).toBeAttached();
    await expect(page.getByRole('navigation', { name: 'Page thumbnails' }).getByRole('button')).toHaveCount(PAGES);
    await expect(indicator(page)).toHaveValue('1');
    await expect(page.getByRole('toolbar')).toContainText('/ 12');
    for (const n of [1, 3, 6, 9]) {
      const { width, height } = await box(slot(viewer, n));
      expect(width / height, `page ${n}`).toBeCloseTo(ROTATE[n] === 90 || ROTATE[n] === 270 ? 792 / 612 : 612 / 792, 2);
    }

    // Scrolling from the first page to the last keeps only a few canvases; the indicator follows.
    const scrollHeight = await viewer.evaluate((element) => element.scrollHeight);
    // Pages are drawn when in view or next to one in view: never more canvases than the pages in view plus two.
    let most = 0;
    for (let top = 0; top <= scrollHeight; top += 250) {
      await viewer.evaluate((element, y) => (element.scrollTop = y), top);
      await page.waitForTimeout(80);
      const { canvases, inView } = await viewer.evaluate((element) => {
        const view = element.getBoundingClientRect();
        const slots = [...element.querySelectorAll('[data-viewer-page]')].map((slot) => slot.getBoundingClientRect());
        return {
          canvases: element.querySelectorAll('canvas').length,
          inView: slots.filter((r) => r.bottom > view.top && r.top < view.bottom).length,
        };
      });
      expect(canvases, `at ${top}px`).toBeLessThanOrEqual(inView + 2);
      most = Math.max(most, canvases);
    }
    expect(most).toBeGreaterThanOrEqual(2);
    expect(most).toBeLessThanOrEqual(7);
    await expect(indicator(page)).toHaveValue('12');
    await expect(slot(viewer, PAGES).locator('canvas')).toBeVisible();
    await expect(slot(viewer, 1).locator('canvas')).toHaveCount(0);

    // pdf.js drew each rotated page turned: the black square (user space centre 40, 752) is where
    // lib/viewer/page-geometry puts it, and not at the top-left where an unturned page has it.
    for (const n of [1, 3, 6, 9]) {
      await scrollToSlot(viewer, n);
      await expect(indicator(page)).toHaveValue(String(n));
      await expect(slot(viewer, n).locator('canvas')).toBeVisible();
      const frame = { box: [0, 0, 612, 792] as const, rotate: normalizeRotation(ROTATE[n] ?? 0) };
      await expect
        .poll(() => darkAt(viewer, n, userToDisplayed({ x: 40, y: 752 }, frame)), `page ${n} square`)
        .toBe(true);
      if (ROTATE[n]) expect(await darkAt(viewer, n, { x: 40, y: 40 }), `page ${n} unturned corner`).toBe(false);
    }

    // Zoom: fit width, then 50 %, the buttons and the keyboard; the page at the top stays there.
    await scrollToSlot(viewer, 7);
    await expect(indicator(page)).toHaveValue('7');
    const fitWidth = (await box(slot(viewer, 7))).width;
    expect(fitWidth).toBeCloseTo((await viewer.evaluate((element) => element.clientWidth)) - 32, 0); // the column less its padding
    const zoom = page.getByRole('combobox', { name: 'Zoom' });
    await zoom.selectOption('50');
    await expect.poll(async () => (await box(slot(viewer, 7))).width).toBeCloseTo(408, 0);
    await expect(indicator(page)).toHaveValue('7');
    await page.getByRole('button', { name: 'Zoom in' }).click();
    await expect.poll(async () => (await box(slot(viewer, 7))).width).toBeCloseTo(612, 0);
    await viewer.focus();
    await page.keyboard.press('Control+Equal');
    await expect.poll(async () => (await box(slot(viewer, 7))).width).toBeCloseTo(816, 0);
    await expect(zoom).toHaveValue('100');
    await page.keyboard.press('Control+Minus');
    await expect(zoom).toHaveValue('75');
    await page.keyboard.press('Control+0');
    await expect(zoom).toHaveValue('fit');
    await expect.poll(async () => (await box(slot(viewer, 7))).width).toBeCloseTo(fitWidth, 0);
    await expect(indicator(page)).toHaveValue('7');

    // Thumbnails jump; the arrow keys move along them.
    const rail = page.getByRole('navigation', { name: 'Page thumbnails' });
    await rail.getByRole('button', { name: 'Go to page 9' }).click();
    await expect(indicator(page)).toHaveValue('9');
    await expect(rail.getByRole('button', { name: 'Go to page 9' })).toHaveAttribute('aria-current', 'page');
    await expect(slot(viewer, 9).locator('canvas')).toBeVisible();
    await expect(rail.locator('canvas').first()).toBeAttached();
    await page.keyboard.press('ArrowDown');
    await expect(indicator(page)).toHaveValue('10');
    await expect(rail.getByRole('button', { name: 'Go to page 10' })).toBeFocused();

    // Go to a page by number; a page that does not exist is refused with a message.
    await indicator(page).fill('4');
    await indicator(page).press('Enter');
    await expect(indicator(page)).toHaveValue('4');
    expect(Math.abs((await box(slot(viewer, 4))).y - (await box(viewer)).y)).toBeLessThan(40);
    await indicator(page).fill('40');
    await indicator(page).press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'Enter a page from 1 to 12.' })).toBeVisible();
    await indicator(page).press('Escape');
    await expect(indicator(page)).toHaveValue('4');

    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });

  test('on a 390 px phone the pages fit the width, without the rail or zoom', async ({ page, makeAxeBuilder }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const viewer = await openInWorkspace(page, 'viewer-phone', 'phone.pdf', await makeTextPdf(4, { 2: 90 }));
    const inner = await viewer.evaluate((element) => element.clientWidth);
    // The turned page 2 (landscape) fits the width as the portrait page 1 does.
    for (const n of [2, 1]) {
      await scrollToSlot(viewer, n);
      await expect.poll(async () => (await box(slot(viewer, n))).width).toBeCloseTo(inner - 16, 0);
    }
    await expect(page.getByRole('navigation', { name: 'Page thumbnails' })).toHaveCount(0);
    await expect(page.getByRole('combobox', { name: 'Zoom' })).toHaveCount(0);
    await expect(indicator(page)).toHaveValue('1');
    await expectNoHorizontalOverflow(page);
    const axe = await makeAxeBuilder().analyze();
    expect(axe.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`)).toEqual([]);
  });

  test('real PDFs from pdf.js’s test corpus: rotated pages shown turned, their text in the text layer', async ({
    page,
  }) => {
    // Whatever pdf.js fetches besides the PDF (fonts, CMaps, decoders) comes from our origin and is there.
    const fetched: string[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/pdfjs/'))
        fetched.push(`${response.status()} ${response.url()}`);
    });
    page.on('requestfailed', (request) => {
      // (pdf.js cancels the PDF's own stream once it has every byte: not a failure.)
      if (new URL(request.url()).pathname.startsWith('/pdfjs/')) fetched.push(`failed ${request.url()}`);
    });
    const viewer = await openInWorkspace(page, 'viewer-real', 'rotation.pdf', realWorld('pdfjs-rotation.pdf'));
    await expect(viewer.getByRole('group', { name: /^Page \d of 2$/ })).toHaveCount(2);
    const [first, second] = [await box(slot(viewer, 1)), await box(slot(viewer, 2))];
    expect(first.width / first.height).toBeCloseTo(612 / 792, 2);
    expect(second.width / second.height).toBeCloseTo(792 / 612, 2);
    await scrollToSlot(viewer, 2);
    await expect(slot(viewer, 2).getByText(/This is my second page/)).toBeAttached({ timeout: 15_000 });
    const canvas = await slot(viewer, 2)
      .locator('canvas')
      .evaluate((c: HTMLCanvasElement) => c.width / c.height);
    expect(canvas).toBeCloseTo(792 / 612, 1);

    const token = await upload(page, 'hello_world_rotated.pdf', realWorld('pdfjs-hello_world_rotated.pdf'));
    await page.goto(`/document/${token}`);
    const hello = page.getByRole('region', { name: 'Pages of hello_world_rotated.pdf' });
    await expect(hello.getByRole('group', { name: /^Page \d of 5$/ })).toHaveCount(5);
    await expect(slot(hello, 1).getByText('Hello world')).toBeAttached({ timeout: 15_000 });
    for (let n = 1; n <= 5; n++) {
      const { width, height } = await box(slot(hello, n));
      expect(width / height, `page ${n}`).toBeCloseTo(792 / 612, 2);
    }
    expect(fetched.filter((line) => !line.startsWith('200 '))).toEqual([]);
  });

  test('pdf.js’s data files come from our origin, and nothing else does', async ({ request }) => {
    const { version } = JSON.parse(readFileSync('node_modules/pdfjs-dist/package.json', 'utf8')) as { version: string };
    const font = await request.get(`/pdfjs/${version}/standard_fonts/LiberationSans-Regular.ttf`);
    expect(font.status()).toBe(200);
    expect(font.headers()['cache-control']).toContain('immutable');
    const wasm = await request.get(`/pdfjs/${version}/wasm/openjpeg.wasm`);
    expect(wasm.headers()['content-type']).toBe('application/wasm');
    expect((await wasm.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d]));
    expect((await request.get(`/pdfjs/${version}/cmaps/Adobe-Japan1-UCS2.bcmap`)).status()).toBe(200);
    for (const bad of [
      `/pdfjs/0.0.1/cmaps/Adobe-Japan1-UCS2.bcmap`,
      `/pdfjs/${version}/build/pdf.mjs`,
      `/pdfjs/${version}/cmaps/..%2F..%2Fpackage.json`,
      `/pdfjs/${version}/wasm/LICENSE_OPENJPEG`,
    ]) {
      expect((await request.get(bad)).status(), bad).toBe(404);
    }
  });

  test('looks right at 390, 768 and 1280 px in light and dark, axe clean', async ({ page, makeAxeBuilder }) => {
    test.setTimeout(90_000);
    const viewer = await openInWorkspace(
      page,
      'viewer-shots',
      'a-rather-long-document-name-for-the-viewer.pdf',
      await makeTextPdf(5, { 2: 90 }),
    );
    await expect(viewer).toBeVisible();
    for (const scheme of ['light', 'dark'] as const) {
      await setScheme(page, scheme);
      for (const width of [390, 768, 1280]) {
        await page.setViewportSize({ width, height: 900 });
        await expect(slot(viewer, 1).locator('canvas')).toBeVisible({ timeout: 20_000 });
        await expectNoHorizontalOverflow(page);
        await shoot(page, `viewer-${width}-${scheme}`, { fullPage: true });
        const axe = await makeAxeBuilder().analyze();
        expect(
          axe.violations.map((v) => `${width} ${scheme} ${v.id}: ${v.nodes.map((n) => n.target).join(' | ')}`),
        ).toEqual([]);
      }
    }
  });
});
