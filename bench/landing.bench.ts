// `npm run bench -- landing`: the public landing page against its bars.
//   Lighthouse (mobile, default config) on / and /cs: performance ≥ 98, the other categories 100;
//   the same runs on the framework floor (below) show what the stack itself scores on this machine
//   requests per second of / against a static asset of the same server: ratio ≥ 0.7
//   first-load JavaScript of / (every script the HTML loads, gzipped) against the framework floor,
//   an empty App Router page (bench/floor-app) measured the same way in the same run: ≤ floor + 15 kB
// Starts the production app itself (scripts/start.mjs: builds if stale) and stops it at the end.
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startApp, stopAppAndCleanUp } from './lib/app-server';
import { startFloorApp } from './lib/floor-app';
import { CATEGORIES, medianScores, runLighthouse, type Scores } from './lib/lighthouse';
import { pageAssets, scriptWeights } from './lib/page-assets';
import { measureThroughput } from './lib/throughput';

const PORT = Number(process.env.BENCH_PORT ?? 3413);
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3));
const PAGES = ['/', '/cs'];
const BARS = { performance: 98, accessibility: 100, 'best-practices': 100, seo: 100, ratio: 0.7, overFloorKb: 15 };

type Row = { figure: string; value: string; bar: string; ok: boolean };
const rows: Row[] = [];
const row = (figure: string, value: string, bar: string, ok: boolean) => rows.push({ figure, value, bar, ok });

async function staticCheck(origin: string) {
  for (const page of PAGES) {
    const response = await fetch(new URL(page, origin));
    await response.arrayBuffer();
    const cache = response.headers.get('x-nextjs-cache') ?? 'none';
    row(`${page} served from the prerender cache`, cache, 'HIT', response.ok && cache === 'HIT');
  }
}

/** Every script the page's HTML loads, gzipped, in kB (1 kB = 1000 B). */
async function firstLoadKb(origin: string, page: string) {
  const html = await (await fetch(new URL(page, origin))).text();
  const { scripts, stylesheets } = pageAssets(html);
  const weights = await scriptWeights(origin, scripts);
  return { weights, stylesheets, kb: weights.reduce((sum, weight) => sum + weight.gzipped, 0) / 1000 };
}

async function firstLoad(origin: string) {
  const landing = await firstLoadKb(origin, '/');
  const floorApp = await startFloorApp(PORT + 1);
  const floor = await firstLoadKb(floorApp.origin, '/').finally(() => floorApp.stop());
  const floorFiles = new Set(floor.weights.map((weight) => weight.gzipped));
  for (const weight of [...landing.weights].sort((a, b) => b.gzipped - a.gzipped)) {
    // Chunk names differ between builds; a chunk of the same size is the framework's own.
    const mark = floorFiles.has(weight.gzipped) ? '(floor)' : '';
    console.log(`  ${(weight.gzipped / 1000).toFixed(1).padStart(6)} kB gz  ${weight.src} ${mark}`);
  }
  const over = landing.kb - floor.kb;
  row(
    `first-load JS of the empty App Router page (${floor.weights.length} scripts, gzipped)`,
    `${floor.kb.toFixed(1)} kB`,
    '',
    true,
  );
  row(`first-load JS of / (${landing.weights.length} scripts, gzipped)`, `${landing.kb.toFixed(1)} kB`, '', true);
  row(
    'first-load JS of / over the floor',
    `+${over.toFixed(1)} kB`,
    `≤ +${BARS.overFloorKb} kB`,
    over <= BARS.overFloorKb,
  );
  row('first-load JS of / ÷ the floor', (landing.kb / floor.kb).toFixed(3), '', true);
  return landing.stylesheets[0];
}

async function throughput(origin: string, asset: string | undefined) {
  if (!asset) throw new Error('the landing page links no stylesheet to compare with');
  const page = await measureThroughput(`${origin}/`);
  const file = await measureThroughput(new URL(asset, origin).toString());
  const ratio = page.rps / file.rps;
  row('requests/s of /', page.rps.toFixed(0), '', true);
  row(`requests/s of ${asset}`, file.rps.toFixed(0), '', true);
  row('ratio landing / static asset', ratio.toFixed(2), `≥ ${BARS.ratio}`, ratio >= BARS.ratio);
}

async function medianOfRuns(url: string, name: string): Promise<Scores> {
  const runs: Scores[] = [];
  for (let run = 0; run < RUNS; run += 1) {
    const result = await runLighthouse(url);
    runs.push(result.scores);
    console.log(
      `  lighthouse ${name} run ${run + 1}: ${CATEGORIES.map((id) => `${id} ${result.scores[id]}`).join(', ')}`,
    );
    for (const line of result.failing) console.log(`    - ${line}`);
  }
  return medianScores(runs);
}

/**
 * The empty App Router page's performance score, measured like the landing's:
 * what React and Next's own scripts cost on this machine, under which no page
 * of the app can score. Shown beside the bar, not a bar itself.
 */
async function floorLighthouse() {
  const floorApp = await startFloorApp(PORT + 1);
  try {
    const median = await medianOfRuns(floorApp.origin.replace('127.0.0.1', 'localhost') + '/', 'floor');
    row(
      `lighthouse performance of the empty App Router page${RUNS > 1 ? ` (median of ${RUNS})` : ''}`,
      String(median.performance),
      '',
      true,
    );
  } finally {
    await floorApp.stop();
  }
}

async function lighthouse(port: number) {
  for (const page of PAGES) {
    const median = await medianOfRuns(`http://localhost:${port}${page}`, page);
    for (const id of CATEGORIES) {
      const bar = BARS[id];
      row(
        `lighthouse ${page} ${id}${RUNS > 1 ? ` (median of ${RUNS})` : ''}`,
        String(median[id]),
        id === 'performance' ? `≥ ${bar}` : `= ${bar}`,
        median[id] >= bar,
      );
    }
  }
}

function printTable() {
  const width = Math.max(...rows.map((r) => r.figure.length));
  console.log(`\n  ${'figure'.padEnd(width)}  ${'value'.padStart(9)}  ${'bar'.padEnd(8)}  result`);
  for (const r of rows) {
    console.log(
      `  ${r.figure.padEnd(width)}  ${r.value.padStart(9)}  ${r.bar.padEnd(8)}  ${r.bar ? (r.ok ? 'ok' : 'MISSED') : ''}`,
    );
  }
}

async function main() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'signet-bench-'));
  console.log(`starting the production app on port ${PORT} (data in ${dataDir})`);
  const app = await startApp({ port: PORT, dataDir });
  try {
    await staticCheck(app.origin);
    const stylesheet = await firstLoad(app.origin);
    await throughput(app.origin, stylesheet);
    await lighthouse(PORT);
  } finally {
    await stopAppAndCleanUp(app, dataDir);
  }
  await floorLighthouse();
  printTable();
  const missed = rows.filter((r) => !r.ok);
  console.log(missed.length ? `\n${missed.length} bar(s) missed` : '\nall bars met');
  process.exitCode = missed.length ? 1 : 0;
}

main().catch((error: unknown) => {
  console.error(`bench landing: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
});
