// `npm run bench -- viewer`: the document viewer on a long document against a short one, same run.
//   time to the first painted page of a 200-page PDF ÷ the same for a 1-page PDF: ≤ 1.5 (medians)
//   the most page canvases in the DOM while scrolling from the first page to the last: ≤ 7
// Starts the production app itself (scripts/start.mjs: builds if stale), signs in as the demo user
// Alice through the local identity provider, uploads both PDFs and opens each in the workspace in
// Debian's Chromium. "First painted page" is the viewer's own performance mark (lib/viewer/marks.ts),
// set when the first page's canvas finished drawing, in ms from the navigation's start.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { FIRST_PAGE_PAINTED_MARK } from '@/lib/viewer/marks';
import { makeTextPdf } from '../tests/fixtures/viewer-pdfs';
import { startApp, stopAppAndCleanUp } from './lib/app-server';

const PORT = Number(process.env.BENCH_PORT ?? 3413);
const RUNS = Math.max(3, Number(process.env.BENCH_VIEWER_RUNS ?? 7));
const BARS = { ratio: 1.5, canvases: 7 };
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor((values.length - 1) / 2)]!;

async function signIn(page: Page, base: string) {
  await page.goto(`${base}/welcome`);
  await page.getByLabel('Email').fill('alice@signet.localhost');
  await page.getByLabel('Password').fill('signet-demo');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL(`${base}/welcome`);
}

/** The workspace's guided tour starts on a first visit; the bench measures the viewer alone. */
async function finishTours(context: BrowserContext, base: string) {
  const xsrf = (await context.cookies(base)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.patch(`${base}/api/me/preferences`, {
    headers: { 'X-XSRF-TOKEN': decodeURIComponent(xsrf) },
    data: { toursDone: { dashboard: true, workspace: true } },
  });
  if (response.status() !== 200)
    throw new Error(`marking the tours done: ${response.status()} ${await response.text()}`);
}

async function upload(context: BrowserContext, base: string, name: string, buffer: Buffer) {
  const xsrf = (await context.cookies(base)).find((cookie) => cookie.name === 'XSRF-TOKEN')?.value ?? '';
  const response = await context.request.post(`${base}/api/documents`, {
    headers: { 'X-XSRF-TOKEN': xsrf },
    multipart: { file: { name, mimeType: 'application/pdf', buffer } },
  });
  if (response.status() !== 201) throw new Error(`upload of ${name}: ${response.status()} ${await response.text()}`);
  return ((await response.json()) as { document: { doctoken: string } }).document.doctoken;
}

/** Opens the workspace in a fresh tab and returns the first-painted-page mark's time (ms from navigation start). */
async function timeToFirstPage(context: BrowserContext, url: string) {
  const page = await context.newPage();
  try {
    await page.goto(url);
    const handle = await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark, 'mark')[0]?.startTime,
      FIRST_PAGE_PAINTED_MARK,
      { timeout: 60_000 },
    );
    return (await handle.jsonValue()) as number;
  } finally {
    await page.close();
  }
}

/**
 * Scrolls the viewer from its first page to its last, half a view at a time, one
 * frame each, and counts page canvases on every DOM change (a MutationObserver, so a
 * canvas that exists for one frame is counted too). Thumbnail canvases are counted apart.
 */
async function scrollThrough(context: BrowserContext, url: string) {
  const page = await context.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  // tsx compiles this file keeping function names (esbuild's keepNames), which wraps the functions
  // declared inside the page-side code below in a __name(…) helper the page does not have.
  await page.addInitScript('globalThis.__name = (fn) => fn');
  try {
    await page.goto(url);
    await page.waitForSelector('[data-document-viewer][data-first-page-painted]', { timeout: 60_000 });
    return await page.evaluate(async () => {
      const scroller = document.querySelector<HTMLElement>('[data-document-viewer] [role="region"]')!;
      const rail = document.querySelector<HTMLElement>('[data-document-viewer] nav');
      let pages = 0;
      let thumbs = 0;
      const count = () => {
        pages = Math.max(pages, scroller.querySelectorAll('[data-viewer-page] canvas').length);
        thumbs = Math.max(thumbs, rail?.querySelectorAll('canvas').length ?? 0);
      };
      const observer = new MutationObserver(count);
      observer.observe(scroller.parentElement!, { subtree: true, childList: true });
      const frame = () => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
      const drawnPages = new Set<number>();
      while (scroller.scrollTop + scroller.clientHeight < scroller.scrollHeight - 1) {
        scroller.scrollTop += scroller.clientHeight / 2;
        await frame();
        for (const slot of scroller.querySelectorAll<HTMLElement>('[data-drawn]'))
          drawnPages.add(Number(slot.dataset.viewerPage));
        count();
      }
      await new Promise((resolve) => setTimeout(resolve, 1000));
      count();
      observer.disconnect();
      const input = document.querySelector<HTMLInputElement>('[data-document-viewer] [role="toolbar"] input');
      const lastCanvas = scroller.querySelector('[data-viewer-page="200"] canvas');
      return { pages, thumbs, drawn: drawnPages.size, indicator: input?.value, lastDrawn: Boolean(lastCanvas) };
    });
  } finally {
    await page.close();
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-viewer-'));
  console.log(`starting the production app on port ${PORT} (data in ${dataDir})`);
  const app = await startApp({ port: PORT, dataDir, env: { IDP_PORT: String(PORT + 10) } });
  const base = `http://localhost:${PORT}`;
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: CHROMIUM_ARGS,
  });
  const rows: { figure: string; value: string; bar: string; ok: boolean }[] = [];
  try {
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signIn(await context.newPage(), base);
    await finishTours(context, base);
    const [long, short] = [await makeTextPdf(200), await makeTextPdf(1)];
    console.log(`PDFs: 200 pages ${(long.length / 1024).toFixed(0)} kB, 1 page ${(short.length / 1024).toFixed(1)} kB`);
    const urls = {
      200: `${base}/document/${await upload(context, base, 'bench-200-pages.pdf', long)}`,
      1: `${base}/document/${await upload(context, base, 'bench-1-page.pdf', short)}`,
    };
    // Warm-up: the server's first render of the route and the browser's caches of the scripts.
    await timeToFirstPage(context, urls[1]);
    await timeToFirstPage(context, urls[200]);
    const times: { 200: number[]; 1: number[] } = { 200: [], 1: [] };
    for (let run = 0; run < RUNS; run++) {
      // Alternate which goes first, so neither always follows the other.
      for (const pages of run % 2 ? ([200, 1] as const) : ([1, 200] as const))
        times[pages].push(await timeToFirstPage(context, urls[pages]));
      console.log(
        `  run ${run + 1}: 200 pages ${times[200].at(-1)!.toFixed(0)} ms, 1 page ${times[1].at(-1)!.toFixed(0)} ms`,
      );
    }
    const ratio = median(times[200]) / median(times[1]);
    rows.push({
      figure: `first painted page, 200 pages (median of ${RUNS})`,
      value: `${median(times[200]).toFixed(0)} ms`,
      bar: '',
      ok: true,
    });
    rows.push({
      figure: `first painted page, 1 page (median of ${RUNS})`,
      value: `${median(times[1]).toFixed(0)} ms`,
      bar: '',
      ok: true,
    });
    rows.push({
      figure: 'ratio 200 pages / 1 page',
      value: ratio.toFixed(2),
      bar: `≤ ${BARS.ratio}`,
      ok: ratio <= BARS.ratio,
    });

    const scroll = await scrollThrough(context, urls[200]);
    const reached = scroll.lastDrawn && scroll.indicator === '200';
    rows.push({
      figure: 'scrolled to page 200, its canvas drawn, indicator "200"',
      value: reached ? 'yes' : 'no',
      bar: 'yes',
      ok: reached,
    });
    rows.push({ figure: 'pages drawn at some point while scrolling', value: String(scroll.drawn), bar: '', ok: true });
    rows.push({
      figure: 'most page canvases in the DOM while scrolling',
      value: String(scroll.pages),
      bar: `≤ ${BARS.canvases}`,
      ok: scroll.pages <= BARS.canvases && scroll.pages > 0,
    });
    rows.push({
      figure: 'most thumbnail canvases in the rail meanwhile',
      value: String(scroll.thumbs),
      bar: '',
      ok: true,
    });
  } finally {
    await browser.close();
    await stopAppAndCleanUp(app, dataDir);
  }
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\n  ${'figure'.padEnd(width)}  ${'value'.padStart(9)}  ${'bar'.padEnd(6)}  result`);
  for (const r of rows)
    console.log(
      `  ${r.figure.padEnd(width)}  ${r.value.padStart(9)}  ${r.bar.padEnd(6)}  ${r.bar ? (r.ok ? 'ok' : 'MISSED') : ''}`,
    );
  const missed = rows.filter((r) => !r.ok);
  console.log(missed.length ? `\n${missed.length} bar(s) missed` : '\nall bars met');
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`bench viewer: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
